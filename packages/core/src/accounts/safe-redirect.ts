/**
 * The safe-redirect rule of spec 5: after login the visitor may return to the page they came
 * from, but only to a path inside this shop. A target must start with one "/" and its path may
 * hold only letters, digits, "/" and @ - % _ ~, optionally followed by a query and a hash.
 * Percent-escapes are decoded (repeatedly, to defeat double encoding) and checked again, so an
 * encoded "//" or backslash cannot smuggle another host past the rule. A safe target is answered
 * percent-encoded beyond printable ASCII, as a Location header must carry it (a header holds bytes).
 */

const SAFE_TARGET = /^\/(?!\/)[\p{L}\p{N}@%_~/-]*(\?[^\s\\#]*)?(#[^\s\\]*)?$/u
const SAFE_PATH = /^\/(?!\/)[\p{L}\p{N}@%_~/-]*$/u
const MAX_DECODE_ROUNDS = 5
/** Half of a surrogate pair: no character, so nothing a URL can encode. */
const LONE_SURROGATE = /\p{Cs}/u
/** What a header cannot carry as it is: whatever is not printable ASCII, one code point at a time. */
const NOT_PRINTABLE_ASCII = /[^!-~]/gu

/** Whether a redirect target stays inside the shop. */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || !SAFE_TARGET.test(target) || LONE_SURROGATE.test(target)) return false
  let path = target.replace(/[?#].*$/, '')
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return false
    }
    if (decoded === path) return true
    if (!SAFE_PATH.test(decoded)) return false
    path = decoded
  }
  return false
}

/** The target when it is safe, otherwise the fallback; either as a Location header carries it. */
export function safeRedirect(target: unknown, fallback: string): string {
  return (isSafeRedirect(target) ? target : fallback).replace(NOT_PRINTABLE_ASCII, encodeURIComponent)
}
