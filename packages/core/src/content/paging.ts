/**
 * Paging of the content lists (spec 9: content lists page size 100). The limit and the page
 * count are WordPress's, shared with the catalogue (../catalog/paging.ts).
 */

/** How many items the storefront asks for per list request (spec 9). */
export const CONTENT_PAGE_SIZE = 100
/** What a list answers when the client does not say, as in WordPress. */
export const DEFAULT_PER_PAGE = 10

/** The row offset of a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage
}
