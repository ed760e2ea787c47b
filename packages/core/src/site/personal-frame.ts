/**
 * A page kept by the shared page cache (docs/decisions/0009) is drawn for nobody: its frame has no
 * greeting, cart or access grant. A browser that runs the storefront's scripts, once it has drawn a
 * frame of its own, says so with this cookie; the server may then send it the shared page, and the
 * browser fills in its frame's personal parts itself once the page has hydrated. The cookie holds
 * no secret and grants nothing: a visitor with personal state but without it (no scripts) gets a
 * page rendered for them, as everyone did before.
 *
 * Its value is a stamp the server draws anew whenever what the frame shows may have changed (a form
 * sent, the session written): a move to another page keeps the frame the browser has, and loads it
 * again only when the stamp is no longer the one its frame was drawn under (a bag filled in another
 * tab, say; site/kept-frame.ts). Browsers that still hold the first value, '1', are read as holding a stamp.
 *
 * The server sets it on the first page data a browser asks for; a browser whose page was drawn
 * for it before then sets it itself once its scripts run (site/kept-frame.ts), and its first move
 * loads the frame again under that stamp.
 */
import { readCookie, serializeCookie } from './consent.ts'

export const PERSONAL_FRAME_COOKIE = {
  name: 'personal-frame',
  maxAgeSeconds: 30 * 24 * 60 * 60,
  path: '/',
}

const STAMP = /^[0-9a-z]{1,16}$/

/** The stamp a Cookie header (or document.cookie) holds, or null when the browser does not fill in its own frame. */
export function frameStampOf(header: string | null | undefined): string | null {
  const value = readCookie(header, PERSONAL_FRAME_COOKIE.name)
  return value !== undefined && STAMP.test(value) ? value : null
}

/** Whether a Cookie header (or document.cookie) says the browser fills in its own frame. */
export function fillsOwnFrame(header: string | null | undefined): boolean {
  return frameStampOf(header) !== null
}

/** Letters of the random part: 36^7 draws, so stamps drawn within one millisecond do not meet. */
const RANDOM_LETTERS = 7

/** A new stamp: the time in base 36 and a random part, so two changes never share one. */
export function newFrameStamp(): string {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2))
  const random = (high! * 2 ** 21 + (low! >>> 11)) % 36 ** RANDOM_LETTERS
  return Date.now().toString(36) + random.toString(36).padStart(RANDOM_LETTERS, '0')
}

/** The Set-Cookie line (or document.cookie assignment) that gives the browser a new stamp. */
export function newFrameCookie(secure: boolean): string {
  return serializeCookie({ ...PERSONAL_FRAME_COOKIE, value: newFrameStamp() }, { secure })
}
