/**
 * Back in stock (issue 9): 'Notify me' on a sold-out variation keeps a request (stock_alerts),
 * and a bounded job mails each request once when the variation can be bought again. The job runs
 * on an interval on every instance; a request is claimed with one conditional write before it is
 * mailed, so two instances never both mail it, and a claim whose mail never went out is taken
 * again after CLAIM_MS. Mail goes through the shop's mailer (SMTP, or the outbox folder).
 */
import { cartEndpoints, stockAlertMessage } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { type Generated, type Kysely, type Migration, sql } from 'kysely'
import { optionalSession } from '../accounts/sessions.ts'
import { availableStock } from '../catalog/stock.ts'
import type { ShopContext } from '../context.ts'
import { dialectOf, withIdColumn } from '../db/portable.ts'
import { clientKey } from '../http/client-key.ts'
import { badRequest, unprocessable } from '../http/errors.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import { route } from '../http/route.ts'

export interface StockAlertsTable {
  id: Generated<number>
  /** The product row that carries the stock: a variation or a simple product. */
  variant_id: number
  /** Lower-cased. */
  email: string
  created_at: number
  /** When an instance took it to mail; another may take it again after CLAIM_MS. */
  claimed_at: number | null
  sent_at: number | null
}

export const stockAlertsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db.schema.createTable('stock_alerts'), dialectOf(db))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint')
      .addColumn('sent_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('stock_alerts_pending_idx')
      .on('stock_alerts')
      .columns(['variant_id', 'email'])
      .where(sql.ref('sent_at'), 'is', null)
      .execute()
  },
}

/** A claim older than this is taken to have failed (its instance stopped, or the mail failed). */
export const CLAIM_MS = 10 * 60 * 1000
/** How many requests one run of the job looks at. */
export const ALERT_BATCH = 100
/** How often each instance runs the job. */
const EVERY_MS = 60 * 1000
/** Requests from one client in an hour. */
const ALERTS_PER_CLIENT: RateLimitRule = { limit: 20, windowMs: 60 * 60 * 1000, lockMs: 60 * 60 * 1000 }

/** Keeps a request (once per variation and address while it waits) and answers what the fan reads. */
async function requestAlert(ctx: ShopContext, variantId: number, email: string): Promise<string> {
  const product = await ctx.db
    .selectFrom('products')
    .select(['id', 'stock_on_hand'])
    .where('id', '=', variantId)
    .executeTakeFirst()
  if (!product || product.stock_on_hand === null) throw unprocessable('There is no such product to wait for.')
  if (((await availableStock(ctx, [variantId])).get(variantId) ?? 0) > 0)
    throw unprocessable('This is in stock now: add it to your bag.')
  const waiting = await ctx.db
    .selectFrom('stock_alerts')
    .select('id')
    .where('variant_id', '=', variantId)
    .where('email', '=', email)
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  if (!waiting) {
    await ctx.db
      .insertInto('stock_alerts')
      .values({ variant_id: variantId, email, created_at: ctx.now(), claimed_at: null, sent_at: null })
      .execute()
  }
  return stockAlertMessage(email)
}

/**
 * One run of the job: the oldest waiting requests whose variation has units again (at most
 * ALERT_BATCH), each claimed, mailed and marked sent. Answers how many were mailed.
 */
export async function notifyBackInStock(ctx: ShopContext): Promise<number> {
  const now = ctx.now()
  const due = await ctx.db
    .selectFrom('stock_alerts')
    .innerJoin('products as variant', 'variant.id', 'stock_alerts.variant_id')
    .leftJoin('products as parent', 'parent.id', 'variant.parent_id')
    .select([
      'stock_alerts.id',
      'stock_alerts.variant_id',
      'stock_alerts.email',
      'stock_alerts.claimed_at',
      'variant.name',
      'variant.slug',
      'parent.slug as parent_slug',
    ])
    .where('stock_alerts.sent_at', 'is', null)
    .where((eb) =>
      eb.or([eb('stock_alerts.claimed_at', 'is', null), eb('stock_alerts.claimed_at', '<', now - CLAIM_MS)]),
    )
    // Units on hand beyond those sold (what carts hold is checked exactly below).
    .where(sql<boolean>`variant.stock_on_hand - variant.stock_sold > 0`)
    .orderBy('stock_alerts.id')
    .limit(ALERT_BATCH)
    .execute()
  if (due.length === 0) return 0
  const stock = await availableStock(ctx, [...new Set(due.map((alert) => alert.variant_id))])
  let mailed = 0
  for (const alert of due) {
    if ((stock.get(alert.variant_id) ?? 0) <= 0) continue
    const claim = await ctx.db
      .updateTable('stock_alerts')
      .set({ claimed_at: now })
      .where('id', '=', alert.id)
      .where('sent_at', 'is', null)
      .where((eb) =>
        alert.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', alert.claimed_at),
      )
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    const link = `${ctx.config.publicUrl}/product/${alert.parent_slug ?? alert.slug}`
    try {
      await ctx.mailer.send({
        to: alert.email,
        subject: `${alert.name} is back in stock`,
        text: `Good news: ${alert.name} is back in stock.\n\nGet yours before it is gone again: ${link}\n\nWe send this once; ask again on the product page if you miss it.`,
      })
    } catch (error) {
      ctx.log.error({ err: error, alert: alert.id }, 'back-in-stock e-mail could not be sent')
      continue
    }
    await ctx.db.updateTable('stock_alerts').set({ sent_at: ctx.now() }).where('id', '=', alert.id).execute()
    mailed++
  }
  return mailed
}

export default async function backInStockRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  route(app, cartEndpoints.requestStockAlert, async (request, reply) => {
    await beginAttempt(limiter, reply, [[`stock-alert-ip:${clientKey(request.ip)}`, ALERTS_PER_CLIENT]])
    const email = request.body.email ?? (await optionalSession(ctx, request))?.user.email
    if (!email) throw badRequest('Enter your e-mail address.')
    const message = await requestAlert(ctx, request.body.variant_id, email.toLowerCase())
    return reply.status(201).send({ message })
  })

  const run = () =>
    notifyBackInStock(ctx).catch((error) => ctx.log.error({ err: error }, 'back-in-stock job failed'))
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
