/**
 * The username rule of spec 7: the first letter of the first name plus the last name,
 * lower-cased; when that name is taken, the first free numeric suffix (jdoe, jdoe2, jdoe3...).
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

export function usernameBase(firstName: string, lastName: string): string {
  const base = plain(firstName).slice(0, 1) + plain(lastName)
  return base.length >= 2 ? base : FALLBACK_BASE
}

/** The base itself when free, otherwise base + the smallest number from 2 up that is free. */
export function nextFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`
    if (!used.has(candidate)) return candidate
  }
}
