/**
 * The username rule of spec 7: the first letter of the first name plus the last name,
 * lower-cased; when that name is taken, the first free numeric suffix (jdoe, jdoe2, jdoe3...),
 * within the username's 60 characters.
 * Accents are folded to plain letters so usernames stay ASCII, as WordPress keeps them.
 */

const FALLBACK_BASE = 'fan'

function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** The longest username (the register endpoint's rule). */
export const USERNAME_MAX_LENGTH = 60

/** The base of the names' usernames, cut to the longest username (a last name may be that long alone). */
export function usernameBase(firstName: string, lastName: string): string {
  const base = (plain(firstName).slice(0, 1) + plain(lastName)).slice(0, USERNAME_MAX_LENGTH)
  return base.length >= 2 ? base : FALLBACK_BASE
}

/**
 * The usernames to try for `base`, in order: the base itself, then base + 2, 3, ... The base is
 * cut where it and its suffix would pass USERNAME_MAX_LENGTH, so a taken 60-letter name's next
 * is its first 59 letters and "2", not 61 letters.
 */
export function* usernameCandidates(base: string): Generator<string, never> {
  yield base.slice(0, USERNAME_MAX_LENGTH)
  for (let n = 2; ; n++) {
    const suffix = String(n)
    yield base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix
  }
}
