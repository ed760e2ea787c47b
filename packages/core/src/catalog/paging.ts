/** WooCommerce-style paging: `page` and `per_page` in, X-WP-Total and X-WP-TotalPages out. */
export const MAX_PER_PAGE = 100

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage)
}
