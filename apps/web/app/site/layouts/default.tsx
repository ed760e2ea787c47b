/** Default layout (spec 2): navigation, cookie bar, interactive cursor, dark overlay. */
import { Outlet } from 'react-router'
import { Frame } from '../frame.tsx'

export default function DefaultLayout() {
  return (
    <Frame layout="default">
      <Outlet />
    </Frame>
  )
}
