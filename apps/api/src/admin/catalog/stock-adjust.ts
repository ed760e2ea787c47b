/**
 * The back office's view of stock and its one way of changing on hand (issue 11). The figures are
 * the catalogue's rule (on hand - held - sold, ARCHITECTURE.md), read after expired holds went
 * back. Every write of on hand (an adjustment, the CSV import, the product form) is ONE conditional
 * UPDATE of the stock row, like the cart's own taking of stock (cart/holds.ts): on hand changes
 * only if it stays at or above what carts hold and orders sold at that instant, so a hold taken at
 * the same moment and the write can never both win on SQLite or PostgreSQL; an adjustment's audit
 * entry is written in the same transaction.
 */
import {
  type AdjustmentReason,
  adjustmentChange,
  belowCommittedMessage,
  LOW_STOCK_THRESHOLD,
  MAX_STOCK_UNITS,
  type StockAdjustment,
  type StockFilter,
  type StockRow,
} from '@fanshop/core'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { sweepExpiredHolds, sweepProducts } from '../../cart/holds.ts'
import type { ShopContext } from '../../context.ts'
import { containsWord, wordPatterns } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound, unprocessable } from '../../http/errors.ts'
import { type Actor, recordAudit } from '../audit.ts'

type StockContext = Pick<ShopContext, 'db' | 'database' | 'now'>
type Scope = ExpressionBuilder<Database & { parent: Database['products'] }, 'products' | 'parent'>

const available = sql<number>`products.stock_on_hand - products.stock_sold - products.stock_held`

export interface StockListing {
  q?: string
  filter: StockFilter
  page: number
  perPage: number
}

/** What tells each variation apart ("Black, M"), from its attribute terms in attribute order. */
async function variationLabels(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const terms = await db
    .selectFrom('product_terms')
    .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
    .innerJoin('products', 'products.id', 'product_terms.product_id')
    .select(['product_terms.product_id', 'attribute_terms.name'])
    .where('product_terms.product_id', 'in', ids)
    .where('products.type', '=', 'variation')
    .orderBy('product_terms.product_id')
    .orderBy('attribute_terms.attribute_id')
    .execute()
  const labels = new Map<number, string[]>()
  for (const term of terms) labels.set(term.product_id, [...(labels.get(term.product_id) ?? []), term.name])
  return new Map([...labels].map(([id, names]) => [id, names.join(', ')]))
}

const stockColumns = [
  'products.id',
  'products.name',
  'products.sku',
  'products.stock_on_hand',
  'products.stock_held',
  'products.stock_sold',
  'products.parent_id',
  'products.slug',
  'parent.name as parent_name',
  'parent.slug as parent_slug',
] as const

type StockRowData = {
  id: number
  name: string
  sku: string
  stock_on_hand: number | null
  stock_held: number
  stock_sold: number
  parent_id: number | null
  slug: string
  parent_name: string | null
  parent_slug: string | null
}

function stockJson(row: StockRowData, labels: Map<number, string>): StockRow {
  const onHand = Number(row.stock_on_hand)
  const held = Number(row.stock_held)
  const sold = Number(row.stock_sold)
  return {
    id: row.id,
    productId: row.parent_id ?? row.id,
    productName: row.parent_name ?? row.name,
    productSlug: row.parent_slug ?? row.slug,
    variation: labels.get(row.id) ?? '',
    sku: row.sku,
    onHand,
    held,
    sold,
    available: Math.max(0, onHand - held - sold),
  }
}

const stockRows = (db: Kysely<Database>) =>
  db
    .selectFrom('products')
    .leftJoin('products as parent', 'parent.id', 'products.parent_id')
    .where('products.stock_on_hand', 'is not', null)

/** One page of stock rows (simple products and variations), product by product. */
export async function listStock(ctx: StockContext, listing: StockListing) {
  // Expired holds go back first (a bounded batch, as the periodic sweep does), so held is true.
  await sweepExpiredHolds(ctx)
  const query = stockRows(ctx.db).where((eb: Scope) => {
    const conditions = []
    if (listing.filter === 'low') {
      conditions.push(eb(available, '<=', LOW_STOCK_THRESHOLD), eb(available, '>', 0))
    } else if (listing.filter === 'out') conditions.push(eb(available, '<=', 0))
    for (const pattern of wordPatterns(listing.q ?? '')) {
      conditions.push(
        eb.or([
          containsWord(sql.ref('products.sku'), pattern),
          containsWord(sql.ref('products.name'), pattern),
          containsWord(sql`coalesce(parent.name, '')`, pattern),
        ]),
      )
    }
    return eb.and(conditions)
  })
  const [rows, count] = await Promise.all([
    query
      .select(stockColumns)
      .orderBy(sql`coalesce(products.parent_id, products.id)`)
      .orderBy('products.menu_order')
      .orderBy('products.id')
      .limit(listing.perPage)
      .offset((listing.page - 1) * listing.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const labels = await variationLabels(
    ctx.db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => stockJson(row, labels)), total: Number(count.n) }
}

/** One stock row as the stock page shows it. */
export async function readStockRow(db: Kysely<Database>, id: number): Promise<StockRow> {
  const row = await stockRows(db).select(stockColumns).where('products.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`No stock row ${id}: a simple product or a variation.`)
  return stockJson(row, await variationLabels(db, [id]))
}

/** The refusal of an on hand below held + sold (409): the caller may give expired holds back and retry. */
class BelowCommitted extends HttpError {
  constructor(
    readonly rowId: number,
    committed: number,
    of?: string,
  ) {
    super(409, belowCommittedMessage(committed, of))
  }
}

/**
 * Sets or moves on hand of stock row `id` with the ONE conditional UPDATE, inside `trx`; answers on
 * hand after. Throws 422 (past the largest figure) or 409 (below what is held and sold; `of`
 * names a variation in the message) and then changes nothing.
 */
export async function writeOnHand(
  trx: Kysely<Database>,
  id: number,
  change: { by: number } | { set: number },
  of?: string,
): Promise<number> {
  // Typed, so that PostgreSQL compares numbers, not the text of two parameters.
  const next =
    'set' in change
      ? sql<number>`cast(${change.set} as integer)`
      : sql<number>`products.stock_on_hand + cast(${change.by} as integer)`
  const updated = await trx
    .updateTable('products')
    .set({ stock_on_hand: next })
    .where('id', '=', id)
    .where('stock_on_hand', 'is not', null)
    .where(next, '>=', sql<number>`products.stock_sold + products.stock_held`)
    .where(next, '<=', MAX_STOCK_UNITS)
    .returning('stock_on_hand')
    .executeTakeFirst()
  if (updated) return Number(updated.stock_on_hand)
  const current = await trx
    .selectFrom('products')
    .select(['stock_on_hand', 'stock_held', 'stock_sold'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const wanted = 'set' in change ? change.set : Number(current.stock_on_hand) + change.by
  if (wanted > MAX_STOCK_UNITS) throw unprocessable(`On hand cannot go above ${MAX_STOCK_UNITS} units.`)
  throw new BelowCommitted(id, Number(current.stock_held) + Number(current.stock_sold), of)
}

/**
 * Runs `write` (a transaction that writes on hand); refused below what is held and sold, it gives
 * back the refused row's expired holds (which no longer count) and, if there were any, runs again.
 */
export async function withExpiredHoldsBack<T>(ctx: StockContext, write: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write()
    } catch (error) {
      if (!(error instanceof BelowCommitted) || !(await sweepProducts(ctx, [error.rowId]))) throw error
    }
  }
}

/** An adjustment of on hand as the audit log keeps it. */
export interface StockChangeEntry {
  reason: AdjustmentReason | 'import'
  note: string
}

/**
 * Moves on hand by `change` (units, or to a counted figure) with ONE conditional UPDATE, inside
 * `trx`, moves the product's updated_at and writes its audit entry there. Throws 404, 422 (no stock of its own, or past the
 * largest figure) or 409 (below what is held and sold) and then changes nothing.
 */
export async function changeOnHand(
  trx: Kysely<Database>,
  actor: Actor,
  now: number,
  id: number,
  change: { by: number } | { set: number },
  entry: StockChangeEntry,
): Promise<{ before: number; after: number }> {
  const current = await trx
    .selectFrom('products')
    .select(['stock_on_hand', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!current) throw notFound(`No stock row ${id}: a simple product or a variation.`)
  if (current.stock_on_hand === null) {
    throw unprocessable('A variable product keeps no stock of its own: adjust its variations.')
  }
  // The product changed: a product form opened before cannot save its older figures over this.
  // Its row first, then the variation's, in id order like the form's own save.
  for (const row of current.parent_id === null ? [id] : [current.parent_id, id]) {
    await trx.updateTable('products').set({ updated_at: now }).where('id', '=', row).execute()
  }
  const after = await writeOnHand(trx, id, change)
  const before = 'set' in change ? Number(current.stock_on_hand) : after - change.by
  await recordAudit(trx, actor, now, {
    action: 'stock.adjust',
    entity: 'product',
    entityId: id,
    before: { onHand: before },
    after: { onHand: after, reason: entry.reason, note: entry.note },
  })
  return { before, after }
}

/**
 * An adjustment from the stock page, in its own transaction. Refused for too little, it first
 * gives back the row's expired holds (which no longer count) and tries once more.
 */
export async function adjustStock(
  ctx: StockContext,
  actor: Actor,
  id: number,
  adjustment: StockAdjustment,
): Promise<{ row: StockRow; before: number }> {
  const result = await withExpiredHoldsBack(ctx, () =>
    ctx.db.transaction().execute((trx) =>
      changeOnHand(trx, actor, ctx.now(), id, adjustmentChange(adjustment), {
        reason: adjustment.reason,
        note: adjustment.note,
      }),
    ),
  )
  return { row: await readStockRow(ctx.db, id), before: result.before }
}
