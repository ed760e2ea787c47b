/**
 * What every page's frame needs from the server, loaded once per request by the root loader:
 * public settings now; each domain adds its part (the logged-in user, the cart's summary, menus).
 */
import type { AppLoadContext } from 'react-router'
import { loadSiteFrame } from './site-frame.server.ts'

export async function loadFrame(request: Request, context: AppLoadContext) {
  return {
    publicUrl: context.publicUrl,
    analyticsId: context.analyticsId,
    facebookAppId: context.facebookAppId,
    ...(await loadSiteFrame(request, context)),
  }
}

export type FrameData = Awaited<ReturnType<typeof loadFrame>>
