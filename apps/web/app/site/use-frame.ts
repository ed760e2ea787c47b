/**
 * The root loader's frame data (menus, consent, social links, launch, and what other domains add)
 * for any component of the frame; undefined only when the root loader itself failed (error page).
 */
import { useRouteLoaderData } from 'react-router'
import type { FrameData } from './frame.server.ts'

export function useFrame(): FrameData | undefined {
  return useRouteLoaderData('root') as FrameData | undefined
}
