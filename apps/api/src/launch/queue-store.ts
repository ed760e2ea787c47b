/**
 * The drop's waiting room in the database, shared by every server: one state row that each join
 * and the draw lock (so places and admission times are handed out in one order across instances)
 * and one row per fan. The rules (draw, schedule, standing) are core's; this file only stores them.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import {
  admissionIntervalMs,
  fairShuffle,
  nextAdmitAt,
  preQueueAdmitAt,
  type QueueSettings,
  type QueueStanding,
  queuePhase,
  queueStanding,
} from '@fanshop/core'
import { type Kysely, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import { isUniqueViolation } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'

type QueueContext = Pick<ShopContext, 'config' | 'db' | 'now' | 'database'>

export type JoinResult = { ok: true; ticketId: number } | { ok: false; reason: 'closed' | 'challenge-used' }

/** Rows the draw writes per statement (well under both databases' parameter limits). */
const DRAW_BATCH = 500

/**
 * At or after the launch instant, draws the places of everyone in the pre-queue, once: the first
 * caller on any instance takes the state row's lock and does it; the others find it done. After
 * the draw, keeps the line at the pace in force (followPace).
 */
export async function drawPreQueue(ctx: QueueContext, settings: QueueSettings): Promise<void> {
  if (queuePhase(settings, ctx.now()) !== 'open') return
  const state = await ctx.db
    .selectFrom('queue_state')
    .select(['drawn', 'interval_ms', 'launch_at'])
    .where('id', '=', 1)
    .executeTakeFirst()
  if (!state) return
  // A later drop's state (this instance still has the earlier launch) is left for its launch.
  if (!isOfThisDrop(state, settings)) {
    return (await startDrop(ctx, settings)) ? drawPreQueue(ctx, settings) : undefined
  }
  if (state.drawn === 1) return followPace(ctx, settings, state.interval_ms)
  const seed = randomBytes(16).toString('hex')
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('queue_state')
      .set({ drawn: 1, seed })
      .where('id', '=', 1)
      .where('drawn', '=', 0)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) return
    const waiting = await trx
      .selectFrom('queue_tickets')
      .select('id')
      .where('place', 'is', null)
      .orderBy('id')
      .execute()
    const drawn = fairShuffle(
      waiting.map((row) => row.id),
      seed,
    )
    for (let start = 0; start < drawn.length; start += DRAW_BATCH) {
      const rows = drawn.slice(start, start + DRAW_BATCH).map((id, i) => {
        const place = start + i + 1
        return sql`(cast(${id} as integer), cast(${place} as integer), cast(${preQueueAdmitAt(settings, place)} as bigint))`
      })
      await sql`with drawn (id, place, admit_at) as (values ${sql.join(rows)})
        update queue_tickets set place = drawn.place, admit_at = drawn.admit_at
        from drawn where queue_tickets.id = drawn.id`.execute(trx)
    }
    await trx
      .updateTable('queue_state')
      .set({
        last_place: drawn.length,
        last_admit_at: drawn.length > 0 ? preQueueAdmitAt(settings, drawn.length) : null,
        interval_ms: admissionIntervalMs(settings),
      })
      .where('id', '=', 1)
      .execute()
  })
}

/** Whether the state row is for the drop of `settings` (or for none yet, as left by an older version). */
const isOfThisDrop = (state: { launch_at: number | null }, settings: QueueSettings) =>
  state.launch_at !== null && Number(state.launch_at) === settings.launchAt

/**
 * Makes the state row this drop's: recorded, when no drop is; started afresh (no draw yet, no
 * place given, no pace) when it was an earlier drop's (a rehearsal, or the last season's), so the
 * new drop's early fans are drawn at its own launch instead of queueing in arrival order behind
 * the old line. Only a later launch starts a new drop, so an instance still configured with the
 * earlier one (a rolling restart) never undoes it. True when the row changed.
 */
async function startDrop(ctx: QueueContext, settings: QueueSettings): Promise<boolean> {
  const started = await ctx.db
    .updateTable('queue_state')
    .set((eb) => ({
      launch_at: settings.launchAt,
      drawn: eb.case().when('launch_at', 'is', null).then(eb.ref('drawn')).else(0).end(),
      seed: eb.case().when('launch_at', 'is', null).then(eb.ref('seed')).else(null).end(),
      last_place: eb.case().when('launch_at', 'is', null).then(eb.ref('last_place')).else(0).end(),
      last_admit_at: eb.case().when('launch_at', 'is', null).then(eb.ref('last_admit_at')).else(null).end(),
      interval_ms: eb.case().when('launch_at', 'is', null).then(eb.ref('interval_ms')).else(null).end(),
    }))
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('launch_at', 'is', null), eb('launch_at', '<', settings.launchAt)]))
    .executeTakeFirst()
  return Number(started.numUpdatedRows) === 1
}

/**
 * Moves the fans still waiting to the pace in force when the back office changed it (the rate, the
 * cap or the pass length) since their admission times were set: each wait from now on is scaled by
 * the new interval over the old one. Waiting fans are one interval apart (an empty line banks no
 * admissions), so they then stand one new interval apart, in the same order, the first one's wait
 * scaled alike; later arrivals queue behind them as before. Once per change: the instance whose
 * conditional write on the state row records the new interval moves them, in that transaction.
 */
async function followPace(ctx: QueueContext, settings: QueueSettings, recorded: number | null) {
  const interval = admissionIntervalMs(settings)
  if (recorded !== null && Number(recorded) === interval) return
  const now = ctx.now()
  const moved = (column: 'admit_at' | 'last_admit_at') =>
    sql<number>`case when ${sql.ref(column)} > ${now} then cast(${now} as bigint) + (${sql.ref(column)} - cast(${now} as bigint)) * cast(${interval} as bigint) / cast(${recorded} as bigint) else ${sql.ref(column)} end`
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('queue_state')
      .set(
        recorded === null
          ? { interval_ms: interval }
          : { interval_ms: interval, last_admit_at: moved('last_admit_at') },
      )
      .where('id', '=', 1)
      .where('interval_ms', recorded === null ? 'is' : '=', recorded)
      .executeTakeFirst()
    // Another instance moved the line already, or no pace was recorded (a line drawn before).
    if (Number(taken.numUpdatedRows) !== 1 || recorded === null) return
    await trx
      .updateTable('queue_tickets')
      .set({ admit_at: moved('admit_at') })
      .where('admit_at', '>', now)
      .execute()
  })
}

/**
 * Gives the ticket the next place behind everyone, in one atomic write on the state row (so no
 * two instances hand out one place), and the admission time core's schedule gives it:
 * `nextAdmitAt` is max(previous + interval, arrival), which the statement computes in place.
 */
async function placeAtTheBack(ctx: QueueContext, settings: QueueSettings, ticketId: number): Promise<void> {
  const earliest = nextAdmitAt(settings, null, ctx.now())
  const interval = admissionIntervalMs(settings)
  const greatest = ctx.database.dialect === 'postgres' ? sql`greatest` : sql`max`
  const state = await ctx.db
    .updateTable('queue_state')
    .set((eb) => ({
      last_place: eb('last_place', '+', 1),
      last_admit_at: sql<number>`${greatest}(coalesce(last_admit_at + ${interval}, ${earliest}), ${earliest})`,
    }))
    .where('id', '=', 1)
    .returning(['last_place', 'last_admit_at'])
    .executeTakeFirstOrThrow()
  await ctx.db
    .updateTable('queue_tickets')
    .set({ place: state.last_place, admit_at: state.last_admit_at })
    .where('id', '=', ticketId)
    .where('place', 'is', null)
    .execute()
}

/**
 * Puts a fan who solved `challenge` in the waiting room: before the launch into the pre-queue
 * (no place until the draw), after it behind everyone, in arrival order. Each step is one
 * statement, so instances never wait on each other's transactions.
 */
export async function joinQueue(
  ctx: QueueContext,
  settings: QueueSettings,
  challenge: string,
): Promise<JoinResult> {
  const now = ctx.now()
  const phase = queuePhase(settings, now)
  if (phase === 'closed') return { ok: false, reason: 'closed' }
  const state = await ctx.db
    .selectFrom('queue_state')
    .select('launch_at')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  if (!isOfThisDrop(state, settings)) await startDrop(ctx, settings)
  if (phase === 'open') await drawPreQueue(ctx, settings)
  let ticketId: number
  try {
    // Into the pre-queue only while the draw has not run: the state row is read under a share
    // lock on PostgreSQL, so the draw (which takes it exclusively) sees every such ticket.
    const pending = ctx.db
      .selectFrom('queue_state')
      .select([
        sql<string>`cast(${challenge} as text)`.as('challenge'),
        sql<number>`cast(${now} as bigint)`.as('joined_at'),
      ])
      .where('id', '=', 1)
      .where('drawn', '=', 0)
    const inserted = await ctx.db
      .insertInto('queue_tickets')
      .columns(['challenge', 'joined_at'])
      .expression(ctx.database.dialect === 'postgres' ? pending.forShare() : pending)
      .returning('id')
      .executeTakeFirst()
    ticketId =
      inserted?.id ??
      (
        await ctx.db
          .insertInto('queue_tickets')
          .values({ challenge, joined_at: now, place: null, admit_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    if (!inserted) await placeAtTheBack(ctx, settings, ticketId)
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'challenge-used' }
    throw error
  }
  return { ok: true, ticketId }
}

export type TicketStanding =
  | { phase: 'pre-queue'; waitMs: number }
  | ({ phase: 'open'; admitAt: number } & QueueStanding)

/** Where the ticket's fan stands now; null for a ticket that is not in this queue. */
export async function ticketStanding(
  ctx: QueueContext,
  settings: QueueSettings,
  ticketId: number,
): Promise<TicketStanding | null> {
  await drawPreQueue(ctx, settings)
  const now = ctx.now()
  const ticket = await ctx.db
    .selectFrom('queue_tickets')
    .select(['admit_at'])
    .where('id', '=', ticketId)
    .executeTakeFirst()
  if (!ticket) return null
  if (ticket.admit_at === null) {
    if (queuePhase(settings, now) === 'pre-queue') {
      return { phase: 'pre-queue', waitMs: Math.max(0, settings.launchAt - now) }
    }
    // Joined as the draw ran and missed it: a place at the back, as any later arrival.
    await placeAtTheBack(ctx, settings, ticketId)
    return ticketStanding(ctx, settings, ticketId)
  }
  return { phase: 'open', admitAt: ticket.admit_at, ...queueStanding(settings, ticket.admit_at, now) }
}

/**
 * A ticket for an access code that skips the queue (press, VIP): let in at once, with place 0 so
 * no draw counts it. Its grant goes past the queue as its pass would, for one cart.
 */
export async function ticketPastQueue(ctx: Pick<QueueContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now()
  const row = await ctx.db
    .insertInto('queue_tickets')
    .values({ challenge: `access-grant:${randomUUID()}`, joined_at: now, place: 0, admit_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Counts one cart opened with the ticket's pass; false when it has opened its one already. */
export async function claimCart(ctx: Pick<QueueContext, 'db'>, ticketId: number): Promise<boolean> {
  const claimed = await ctx.db
    .updateTable('queue_tickets')
    .set((eb) => ({ carts: eb('carts', '+', 1) }))
    .where('id', '=', ticketId)
    .where('carts', '<', 1)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/**
 * Makes an existing cart (one made before the launch, or whose admission ended) the one cart of
 * the ticket's pass: claimed and recorded on the order in one transaction, so two writes of the
 * same fan at once both find it theirs. False when the pass has opened another cart already.
 */
export async function bindCart(ctx: QueueContext, ticketId: number, orderId: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (await claimCart({ db: trx }, ticketId)) {
      await trx.updateTable('orders').set({ queue_ticket_id: ticketId }).where('id', '=', orderId).execute()
      return true
    }
    const order = await trx
      .selectFrom('orders')
      .select('queue_ticket_id')
      .where('id', '=', orderId)
      .executeTakeFirst()
    return order?.queue_ticket_id === ticketId
  })
}

/**
 * Lets a pass whose one cart was emptied open its new one: removing the last line resets the cart
 * (spec 4), and the fan let in must not lose their turn for it. One statement: when every cart of
 * the ticket was changed since it opened and now holds no line, is not placed nor being paid, its
 * carts stop being the pass's (and admitted), and the claim they held goes to the cart being
 * opened. False otherwise: a cart with units, or one not changed since it opened (it may be filling
 * in a request running now), keeps the pass's one cart; none bound at all leaves it to claimCart.
 * The ticket's carts are locked first (PostgreSQL), so an add to one of them that committed while
 * this waited is seen: the update's own look at the lines would read them as they were when it
 * began, and took a cart that had just been given units from the pass.
 */
export async function reopenCart(
  ctx: Pick<QueueContext, 'db' | 'database'>,
  ticketId: number,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.database.dialect === 'postgres') {
      await trx
        .selectFrom('orders')
        .select('id')
        .where('queue_ticket_id', '=', ticketId)
        .forUpdate()
        .execute()
    }
    return releaseEmptiedCarts(trx, ticketId)
  })
}

async function releaseEmptiedCarts(db: Kysely<Database>, ticketId: number): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ queue_ticket_id: null, queue_admitted_at: null })
    .where('queue_ticket_id', '=', ticketId)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('orders as kept')
            .select(sql<number>`1`.as('one'))
            .where('kept.queue_ticket_id', '=', ticketId)
            .where((eb) =>
              eb.or([
                eb('kept.state', '=', 'complete'),
                eb('kept.frozen_at', 'is not', null),
                eb('kept.updated_at', '=', eb.ref('kept.created_at')),
                eb.exists(
                  eb
                    .selectFrom('line_items')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('line_items.order_id', '=', 'kept.id'),
                ),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst()
  return Number(released.numUpdatedRows) > 0
}

/** Gives a claim back when the cart it was for was not opened. */
export async function releaseCart(ctx: QueueContext, ticketId: number): Promise<void> {
  await ctx.db
    .updateTable('queue_tickets')
    .set((eb) => ({ carts: eb('carts', '-', 1) }))
    .where('id', '=', ticketId)
    .where('carts', '>', 0)
    .execute()
}
