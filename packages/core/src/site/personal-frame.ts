/**
 * A page kept by the shared page cache (docs/decisions/0009) is drawn for nobody: its frame has no
 * greeting, cart or access grant. A browser that runs the storefront's scripts, once it has drawn a
 * frame of its own, says so with this cookie; the server may then send it the shared page, and the
 * browser fills in its frame's personal parts itself once the page has hydrated. The cookie holds
 * no secret and grants nothing: a visitor with personal state but without it (no scripts) gets a
 * page rendered for them, as everyone did before.
 */
import { readCookie } from './consent.ts'

export const PERSONAL_FRAME_COOKIE = {
  name: 'personal-frame',
  value: '1',
  maxAgeSeconds: 30 * 24 * 60 * 60,
  path: '/',
}

/** Whether a Cookie header (or document.cookie) says the browser fills in its own frame. */
export function fillsOwnFrame(header: string | null | undefined): boolean {
  return readCookie(header, PERSONAL_FRAME_COOKIE.name) === PERSONAL_FRAME_COOKIE.value
}
