/** Shop layout (spec 2): the default layout plus the social bar. */
import { Outlet } from 'react-router'
import { Overlay } from '../overlay.tsx'
import { Panels } from '../panels.tsx'
import { SiteHeader } from '../site-header.tsx'

export default function ShopLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--shop">
        <Outlet />
      </main>
      <Overlay />
      <Panels />
    </>
  )
}
