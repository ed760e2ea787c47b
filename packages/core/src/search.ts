/**
 * What a search text is, for every search the shop makes (the catalogue's, the content lists',
 * the back office's and the storefront's search page): its words once folded (decomposed, without
 * accents, in lower case), at most six of them. A text that folds to no word (blank, or a lone
 * accent) searches for nothing, so the API refuses it rather than answering every item.
 */
import { text } from './input.ts'

/** The combining accents (U+0300 to U+036F) a search takes off letters once they are decomposed. */
export const COMBINING_ACCENTS = '[\u0300-\u036f]'
const combiningAccents = new RegExp(COMBINING_ACCENTS, 'g')

/** Most words a search text is split into; the rest are ignored, so a long paste stays cheap. */
const MAX_SEARCH_WORDS = 6

/** The longest search text the API takes. */
export const MAX_SEARCH_TEXT = 100

/**
 * How search text and the text searched are compared: decomposed (NFD), without accents and in
 * lower case, beyond ASCII ("CANÇÃO", "Canção" and "cancao" are one word), as a shop's search
 * finds what fans type on a phone without accents. The API runs the same fold in SQL as
 * `search_fold` (apps/api/src/db/portable.ts).
 */
export function searchFold(value: string): string {
  return value.normalize('NFD').replace(combiningAccents, '').toLowerCase()
}

/** The folded words a search looks for, each of which a match must hold; none for a blank text. */
export function searchWords(value: string): string[] {
  return searchFold(value).trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)
}

/** A list's `search` parameter: trimmed, at most 100 characters, and holding a word. */
export function searchTextParam(description: string) {
  return text()
    .trim()
    .max(MAX_SEARCH_TEXT, `must be at most ${MAX_SEARCH_TEXT} characters`)
    .refine((value) => searchWords(value).length > 0, 'must hold a word to search for')
    .optional()
    .describe(description)
}
