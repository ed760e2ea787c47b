/**
 * The root loader's frame data (menus, consent, social links, launch, and what other domains add)
 * for any component of the frame, with the visitor's own parts filled in when the page was drawn
 * for nobody (site/frame-fill.tsx); undefined only when the root loader itself failed (error page).
 */
import { useContext, useMemo } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { FrameData } from './frame.server.ts'
import { FilledFrame } from './frame-fill.tsx'

export function useFrame(): FrameData | undefined {
  const frame = useRouteLoaderData('root') as FrameData | undefined
  const filled = useContext(FilledFrame)
  return useMemo(
    () =>
      frame && filled
        ? {
            ...frame,
            user: filled.user,
            cart: filled.cart,
            launch: { ...frame.launch, accessGranted: filled.accessGranted },
            endsAt: filled.endsAt,
            stamp: filled.stamp,
            personal: true,
          }
        : frame,
    [frame, filled],
  )
}
