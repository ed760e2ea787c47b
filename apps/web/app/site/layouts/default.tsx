/** Default layout (spec 2): navigation, cookie bar, interactive cursor, dark overlay. */
import { Outlet } from 'react-router'
import { Overlay } from '../overlay.tsx'
import { Panels } from '../panels.tsx'
import { SiteHeader } from '../site-header.tsx'

export default function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <Overlay />
      <Panels />
    </>
  )
}
