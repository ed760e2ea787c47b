/** Agreements layout (spec 2): legal pages, always with a back button. */
import { Outlet } from 'react-router'
import { Frame } from '../frame.tsx'

export default function AgreementsLayout() {
  return (
    <Frame layout="agreements">
      <Outlet />
    </Frame>
  )
}
