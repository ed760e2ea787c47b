/**
 * WooCommerce-style paging: `page` and `per_page` in, X-WP-Total and X-WP-TotalPages out. The
 * server writes the two headers and the storefront reads them back through this one pair.
 */
export const MAX_PER_PAGE = 100

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage)
}

/**
 * The total a page of a listing shows on its own: a page with fewer items than asked for, and
 * either some items or the first page, is the listing's last, so the total is the items before it
 * and on it. Otherwise (a full page, or an empty page past the first) it takes a count.
 */
export function totalFromPage(offset: number, limit: number, found: number): number | undefined {
  return found < limit && (found > 0 || offset === 0) ? offset + found : undefined
}

/** The two paging headers of a list answer, as WordPress names them. */
export function pagingHeaders(total: number, perPage: number): Record<string, string> {
  return { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages(total, perPage)) }
}

/** The item and page counts of a list answer; without the headers, one page of what came. */
export function readPaging(
  headers: { get(name: string): string | null },
  itemsOnPage: number,
): { total: number; totalPages: number } {
  return {
    total: Number(headers.get('x-wp-total') ?? itemsOnPage),
    totalPages: Number(headers.get('x-wp-totalpages') ?? 1),
  }
}
