/**
 * A drop through the waiting room on two instances over one database: 2,000 simulated fans (a
 * bounded number at a time, through inject) join before and after the launch, alternating between
 * the instances. The draw is a permutation with no arrival-time bias, later fans queue in arrival
 * order, admissions never exceed the rate nor the cap, and no one without a pass changes a cart.
 */
import { QUEUE_PASS_HEADER } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import {
  createTestApp,
  createTestInstance,
  type TestApp,
  type TestInstance,
  testDialect,
} from '../../tests/test-app.ts'
import { joinWithTicket, openCart, status } from './queue-test-helpers.ts'

const LAUNCH = Date.parse('2999-01-01T07:00:00Z')
const FANS_BEFORE = 1000
const FANS_AFTER = 1000
const RATE = 300
const CAP = 100
const PASS_MS = 30_000
/** Requests in flight at once, across both instances. */
const IN_FLIGHT = 8

/** The ticket's id, from its (signed) payload. */
const ticketIdOf = (ticket: string) =>
  Number(JSON.parse(Buffer.from(ticket.split('.')[1]!, 'base64url').toString()).sub.split(':')[1])

async function inPool<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  return results
}

describe(`a drop of ${FANS_BEFORE + FANS_AFTER} fans on two instances over one ${testDialect} database`, () => {
  let one: TestApp
  let two: TestInstance
  let instances: TestInstance[]
  let productId: number
  const setClock = (now: number) => {
    for (const t of instances) t.clock.now = now
  }

  beforeAll(async () => {
    one = await createTestApp({
      seed: false,
      env: {
        LAUNCH_AT: new Date(LAUNCH).toISOString(),
        QUEUE_RATE_PER_MINUTE: String(RATE),
        QUEUE_MAX_SHOPPING: String(CAP),
        QUEUE_PASS_MINUTES: String(PASS_MS / 60_000),
        QUEUE_POW_MAX_NUMBER: '20',
      },
    })
    two = await createTestInstance(one)
    instances = [one, two]
    productId = await insertProduct(one, { price: 1500, stock: 10_000 })
  })
  afterAll(async () => {
    await two.close()
    await one.close()
  })

  const tickets: string[] = []

  it('takes 1,000 fans into the pre-queue and draws their places fairly at the launch', async () => {
    setClock(LAUNCH - 20 * 60_000)
    const before = await inPool(Array.from({ length: FANS_BEFORE }), (_, i) => {
      setClock(LAUNCH - 20 * 60_000 + i * 1000)
      return joinWithTicket(instances[i % 2]!)
    })
    tickets.push(...before)
    const waiting = await status(two, before[0]!)
    expect(waiting.statusCode).toBe(503)

    setClock(LAUNCH)
    // Fans on both instances ask at the launch instant: one of them draws, once.
    const first = await Promise.all(before.slice(0, 4).map((ticket, i) => status(instances[i % 2]!, ticket)))
    for (const answer of first) expect([200, 429]).toContain(answer.statusCode)

    const rows = await one.ctx.db
      .selectFrom('queue_tickets')
      .select(['id', 'place', 'admit_at'])
      .orderBy('id')
      .execute()
    expect(rows).toHaveLength(FANS_BEFORE)
    const places = rows.map((row) => row.place!)
    expect([...places].sort((a, b) => a - b)).toEqual(Array.from({ length: FANS_BEFORE }, (_, i) => i + 1))
    // Arrival rank (ticket id order) against drawn place: Spearman's rho within 4 standard errors of 0.
    const n = places.length
    const sumSq = places.reduce((sum, place, arrival) => sum + (place - 1 - arrival) ** 2, 0)
    const rho = 1 - (6 * sumSq) / (n * (n * n - 1))
    expect(Math.abs(rho)).toBeLessThan(4 / Math.sqrt(n - 1))
    // The first tenth of arrivals is spread over the line, not bunched at its head.
    const earlyPlaces = places.slice(0, n / 10)
    const meanEarly = earlyPlaces.reduce((a, b) => a + b, 0) / earlyPlaces.length
    expect(Math.abs(meanEarly - (n + 1) / 2)).toBeLessThan(4 * Math.sqrt((n * n) / 12 / earlyPlaces.length))
  })

  it('queues 1,000 later fans behind them in arrival order', async () => {
    const after = await inPool(Array.from({ length: FANS_AFTER }), (_, i) => {
      setClock(LAUNCH + 1000 + i * 50)
      return joinWithTicket(instances[(i + 1) % 2]!)
    })
    tickets.push(...after)
    const rows = await one.ctx.db
      .selectFrom('queue_tickets')
      .select(['id', 'place'])
      .where('joined_at', '>=', LAUNCH)
      .execute()
    const placeOf = new Map(rows.map((row) => [row.id, row.place!]))
    const places = after.map((ticket) => placeOf.get(ticketIdOf(ticket))!)
    expect([...places].sort((a, b) => a - b)).toEqual(
      Array.from({ length: FANS_AFTER }, (_, i) => FANS_BEFORE + i + 1),
    )
    // Arrival order: a fan is placed behind everyone whose join had finished before theirs began,
    // so only fans still in flight (fewer than IN_FLIGHT) can be behind an earlier arrival.
    places.forEach((place, i) => {
      const passedBy = places.slice(0, i).filter((earlier) => earlier > place).length
      expect(passedBy).toBeLessThan(IN_FLIGHT)
    })
  })

  it('never admits more than the rate in a minute nor more than the cap at once', async () => {
    const admits = (await one.ctx.db.selectFrom('queue_tickets').select('admit_at').execute())
      .map((row) => row.admit_at!)
      .sort((a, b) => a - b)
    expect(admits).toHaveLength(FANS_BEFORE + FANS_AFTER)
    for (let i = 0; i + RATE < admits.length; i++) {
      expect(admits[i + RATE]! - admits[i]!).toBeGreaterThanOrEqual(60_000)
    }
    for (let i = 0; i + CAP < admits.length; i++) {
      expect(admits[i + CAP]! - admits[i]!).toBeGreaterThanOrEqual(PASS_MS)
    }
  })

  it('tells a fan the same standing on either instance, and the place drops as time passes', async () => {
    setClock(LAUNCH + 60_000)
    const sample = tickets.filter((_, i) => i % 97 === 0)
    for (const ticket of sample) {
      const [a, b] = [await status(one, ticket), await status(two, ticket)]
      expect(a.statusCode).toBe(b.statusCode)
      expect(a.json()).toEqual(b.json())
    }
    const last = tickets.at(-1)!
    const early = (await status(one, last)).json().standing.place as number
    setClock(LAUNCH + 120_000)
    const later = (await status(two, last)).json().standing.place as number
    expect(later).toBeLessThan(early)
  })

  it('lets no one without a pass change a cart, and each pass open one cart across instances', async () => {
    const attempts = await inPool(Array.from({ length: 200 }), (_, i) =>
      openCart(instances[i % 2]!, productId, i % 3 === 0 ? 'forged.pass.value' : undefined),
    )
    expect(attempts.every((res) => res.statusCode === 403)).toBe(true)
    expect(
      await one.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 })

    // The fans whose turn has come get their passes and open their carts, each pass twice at
    // once on the two instances: one cart per pass.
    const passes: string[] = []
    for (const ticket of tickets.slice(0, 300)) {
      const answer = await status(one, ticket)
      if (answer.statusCode === 200) passes.push(answer.json().data.pass)
    }
    expect(passes.length).toBeGreaterThan(0)
    const opened = await inPool(passes, async (pass) => {
      const both = await Promise.all(instances.map((t) => openCart(t, productId, pass)))
      return both.map((res) => res.statusCode).sort()
    })
    for (const codes of opened) expect(codes).toEqual([201, 403])
    const orders = await one.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(orders.n)).toBe(passes.length)

    // Past the pass's life, its holder is out again.
    setClock(LAUNCH + 120_000 + PASS_MS + 1000)
    const expired = await openCart(one, productId, passes[0])
    expect(expired.statusCode).toBe(403)
    expect(
      (
        await one.app.inject({
          method: 'GET',
          url: '/api/v1/orders/current.json',
          headers: { [QUEUE_PASS_HEADER]: passes[0]! },
        })
      ).statusCode,
    ).toBe(401)
  })
})
