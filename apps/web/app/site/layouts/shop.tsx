/** Shop layout (spec 2): the default layout, with the social bar on the pages whose rules show it. */
import { Outlet } from 'react-router'
import { Frame } from '../frame.tsx'

export default function ShopLayout() {
  return (
    <Frame layout="shop">
      <Outlet />
    </Frame>
  )
}
