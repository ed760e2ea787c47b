/** Agreements layout (spec 2): legal pages with a back button. */
import { Outlet } from 'react-router'
import { Overlay } from '../overlay.tsx'
import { Panels } from '../panels.tsx'
import { SiteHeader } from '../site-header.tsx'

export default function AgreementsLayout() {
  return (
    <>
      <SiteHeader back />
      <main id="main" className="page page--agreements">
        <Outlet />
      </main>
      <Overlay />
      <Panels />
    </>
  )
}
