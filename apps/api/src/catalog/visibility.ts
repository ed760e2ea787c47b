/**
 * Which products the shop shows (issue 11): published ones, and a scheduled one (published with a
 * publish time) only from that time on. The one rule every storefront read and the cart apply,
 * in SQL for listings and in code for a row already read.
 */
import { sql } from 'kysely'

/** A product row (or `products as <alias>`) the shop shows at `now`. */
export function shownInShop(now: number, table = 'products') {
  return sql<boolean>`(${sql.ref(`${table}.status`)} = 'publish' and (${sql.ref(`${table}.publish_at`)} is null or ${sql.ref(`${table}.publish_at`)} <= ${now}))`
}

export function isShownInShop(
  row: { status: string; publish_at: number | string | null },
  now: number,
): boolean {
  return row.status === 'publish' && (row.publish_at === null || Number(row.publish_at) <= now)
}
