/** What a product row costs: its sale price when that is below the regular one (WooCommerce's rule). */
export interface PricedRow {
  regular_price: number
  sale_price: number | null
}

export function isOnSale(row: PricedRow): row is PricedRow & { sale_price: number } {
  return row.sale_price !== null && row.sale_price < row.regular_price
}

/** The unit price a shopper pays, in cents. */
export function currentPrice(row: PricedRow): number {
  return isOnSale(row) ? row.sale_price : row.regular_price
}
