/**
 * GET /visitor-frame: the frame's personal parts (who is logged in, the cart, the launch access
 * grant) for a browser that got a page shared between visitors and fills them in itself
 * (site/frame-fill.tsx). Personal: never kept by the page cache nor any other.
 */
import { data } from 'react-router'
import { isPersonal, loadPersonalFrame } from '../frame.server.ts'
import { getOnly } from '../resource-route.server.ts'
import type { Route } from './+types/visitor-frame'

export async function loader({ context }: Route.LoaderArgs) {
  const frame = await loadPersonalFrame(context)
  return data(
    { ...frame, personal: isPersonal(frame) },
    { headers: { 'cache-control': 'private, no-store' } },
  )
}

export const action = getOnly
