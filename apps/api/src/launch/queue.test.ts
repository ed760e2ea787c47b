import {
  ACCESS_GRANT_HEADER,
  accessCodeSearch,
  QUEUE_CHALLENGE_UNSOLVED_MESSAGE,
  QUEUE_PASS_HEADER,
  type QueueSettings,
  queueSettings,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { createAccessCode } from './access-codes.ts'
import { forgetQueueInForce } from './queue-settings.ts'
import { joinQueue, ticketStanding } from './queue-store.ts'
import {
  join,
  joinWithTicket,
  openCart,
  QUEUE_PATH,
  solvedChallenge,
  status,
  waitingRoomApp,
} from './queue-test-helpers.ts'

const LAUNCH = Date.parse('2999-01-01T07:00:00Z')
const MIN = 60_000

describe(`the waiting room off (no QUEUE_RATE_PER_MINUTE) on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LAUNCH_AT: '2020-01-01T07:00' } })
  })
  afterAll(() => t.close())

  it('answers 404 and leaves the cart as it was', async () => {
    const challenge = await t.app.inject({ method: 'GET', url: `${QUEUE_PATH}/challenge` })
    expect(challenge.statusCode).toBe(404)
    expect(challenge.json()).toEqual({ statusCode: 404, message: 'There is no waiting room for this drop.' })
    const productId = await insertProduct(t, { price: 1000, stock: 5 })
    expect((await openCart(t, productId)).statusCode).toBe(201)
  })
})

describe(`the waiting room on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  beforeAll(async () => {
    t = await waitingRoomApp(LAUNCH, { ratePerMinute: 6, passMinutes: 5, opensMinutesBefore: 30 })
    productId = await insertProduct(t, { price: 1000, stock: 100 })
    t.clock.now = LAUNCH - 40 * MIN
  })
  afterAll(() => t.close())

  it('is closed before the pre-queue opens: 503 with Retry-After until the opening', async () => {
    const res = await join(t, await solvedChallenge(t))
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(10 * 60))
    expect(res.json().message).toBe('The waiting room is not open yet.')
  })

  it('lets no one in without a solved challenge, and each solution in once', async () => {
    t.clock.now = LAUNCH - 20 * MIN
    const bad = ['', 'not base64 json', Buffer.from('{"signature":1}').toString('base64')]
    for (const altcha of bad) expect((await join(t, altcha)).statusCode).toBe(400)
    for (const altcha of ['', 'a'.repeat(4001)]) {
      expect((await join(t, altcha)).json()).toEqual({
        statusCode: 400,
        message: `Invalid body parameter "altcha": ${QUEUE_CHALLENGE_UNSOLVED_MESSAGE}`,
      })
    }
    const solved = await solvedChallenge(t)
    const decoded = JSON.parse(Buffer.from(solved, 'base64').toString())
    const wrong = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64')
    const unsolved = await join(t, wrong)
    expect(unsolved.statusCode).toBe(400)
    expect(unsolved.json().message).toBe(QUEUE_CHALLENGE_UNSOLVED_MESSAGE)
    expect((await join(t, solved)).statusCode).toBe(201)
    const again = await join(t, solved)
    expect(again.statusCode).toBe(409)
    // A challenge older than its 10 minutes no longer joins.
    const old = await solvedChallenge(t)
    t.clock.advance(11 * MIN)
    expect((await join(t, old)).statusCode).toBe(400)
  })

  it('keeps pre-queue fans waiting for the draw, then gives places, Retry-After and finally a pass', async () => {
    t.clock.now = LAUNCH - 5 * MIN
    const tickets = [await joinWithTicket(t), await joinWithTicket(t), await joinWithTicket(t)]
    const before = await status(t, tickets[0]!)
    expect(before.statusCode).toBe(503)
    expect(before.headers['retry-after']).toBe('30')
    // In the last 30 seconds, fans are told to come back at the launch, spread over 10 seconds.
    t.clock.now = LAUNCH - 20_000
    const soon = Number((await status(t, tickets[0]!)).headers['retry-after'])
    expect(soon).toBeGreaterThanOrEqual(20)
    expect(soon).toBeLessThanOrEqual(30)
    t.clock.now = LAUNCH - 5 * MIN
    expect(before.json().standing).toEqual({
      phase: 'pre-queue',
      place: null,
      estimated_wait_seconds: 300,
      admitted: false,
    })
    // Without a pass no cart opens before the launch (the launch gate), nor after it (the queue).
    expect((await openCart(t, productId)).statusCode).toBe(403)

    t.clock.now = LAUNCH
    // Four fans joined in the pre-queue in all (one in the previous test); 6 a minute is one per 10 s.
    const places = await Promise.all(tickets.map(async (ticket) => (await status(t, ticket)).json()))
    const waiting = places.filter((answer) => answer.statusCode === 429)
    for (const answer of waiting) {
      expect(answer.standing.phase).toBe('open')
      expect(answer.standing.estimated_wait_seconds).toBe(answer.standing.place * 10)
      expect(answer.retry_after_seconds).toBe(Math.min(30, answer.standing.place * 10))
    }
    const noPass = await openCart(t, productId)
    expect(noPass.statusCode).toBe(403)
    expect(noPass.json().message).toBe('Join the waiting room: your pass is missing or has expired.')

    // A fan who arrives now queues behind the four.
    const late = await joinWithTicket(t)
    const lateStatus = (await status(t, late)).json()
    expect(lateStatus.standing).toMatchObject({ place: 4, estimated_wait_seconds: 40 })

    t.clock.now = LAUNCH + 30_000
    const answers = await Promise.all(tickets.map((ticket) => status(t, ticket)))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json().data.standing).toMatchObject({ admitted: true, place: 0 })
    }
    const pass = answers[0]!.json().data.pass as string
    const cart = await openCart(t, productId, pass)
    expect(cart.statusCode).toBe(201)
    const order = cart.json()
    const add = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
        headers,
        payload: { line_item: { variant_id: productId, quantity: 1 } },
      })
    expect((await add({ [QUEUE_PASS_HEADER]: pass })).statusCode).toBe(201)
    // The cart the pass opened stays admitted without it (queue-admission.test.ts); a forged pass
    // opens nothing new.
    expect((await add({})).statusCode).toBe(201)
    expect((await openCart(t, productId, `${pass.slice(0, -2)}xx`)).statusCode).toBe(403)

    // A pass opens one cart: handed on, it opens none for anyone else.
    const shared = await openCart(t, productId, pass)
    expect(shared.statusCode).toBe(403)
    expect(shared.json().message).toBe('This pass has already opened a cart.')

    // After its five minutes the pass no longer opens a cart,
    // and the standing says the turn has passed.
    t.clock.now = LAUNCH + 30_000 + 5 * MIN
    const expired = await openCart(t, productId, pass)
    expect(expired.statusCode).toBe(403)
    expect(expired.json().message).toBe('Join the waiting room: your pass is missing or has expired.')
    expect((await status(t, tickets[0]!)).statusCode).toBe(410)
  })

  it('gives a failed cart opening back, so the pass can try again', async () => {
    t.clock.now = LAUNCH + 10 * MIN
    const ticket = await joinWithTicket(t)
    const pass = (await status(t, ticket)).json().data.pass as string
    expect((await openCart(t, 999_999, pass)).statusCode).toBeGreaterThanOrEqual(400)
    expect((await openCart(t, productId, pass)).statusCode).toBe(201)
  })

  it('refuses a forged or missing ticket with 401', async () => {
    expect((await status(t, 'forged')).statusCode).toBe(401)
    const none = await t.app.inject({ method: 'GET', url: `${QUEUE_PATH}/status` })
    expect(none.statusCode).toBe(401)
    expect(none.json().message).toBe('Send your waiting-room ticket in x-queue-ticket.')
  })

  it('lets a code flagged to skip the queue past it, and other codes only past the pre-launch gate', async () => {
    await createAccessCode(t.ctx, {
      code: 'PRESS',
      label: 'Press',
      maxUses: null,
      expiresAt: null,
      skipsQueue: true,
    })
    await createAccessCode(t.ctx, { code: 'EARLY', label: 'Fan club', maxUses: null, expiresAt: null })
    t.clock.now = LAUNCH - MIN
    const grantOf = async (code: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/wp-json/wp/v2/user/check-access-code',
          payload: { search: accessCodeSearch(code) },
        })
      ).json().data.grant as string
    const press = await grantOf('PRESS')
    const early = await grantOf('EARLY')
    expect((await openCart(t, productId, undefined, { [ACCESS_GRANT_HEADER]: early })).statusCode).toBe(201)
    t.clock.now = LAUNCH + MIN
    expect((await openCart(t, productId, undefined, { [ACCESS_GRANT_HEADER]: press })).statusCode).toBe(201)
    expect((await openCart(t, productId, undefined, { [ACCESS_GRANT_HEADER]: early })).statusCode).toBe(403)
    // Like a pass, a grant past the queue opens one cart: copied to others (a grant posted online),
    // it lets no one else past. Each entry of the code is its own.
    const copied = await openCart(t, productId, undefined, { [ACCESS_GRANT_HEADER]: press })
    expect(copied.statusCode).toBe(403)
    expect(copied.json().message).toBe('This pass has already opened a cart.')
    t.clock.now = LAUNCH - MIN
    const colleague = await grantOf('PRESS')
    t.clock.now = LAUNCH + 2 * MIN
    expect((await openCart(t, productId, undefined, { [ACCESS_GRANT_HEADER]: colleague })).statusCode).toBe(
      201,
    )
  })
})

describe(`the waiting room's pace changed during the drop on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await waitingRoomApp(LAUNCH, { ratePerMinute: 6, passMinutes: 5 })
  })
  afterAll(() => t.close())

  /** Saves the pace in the back office's row, as the Drop page does, and this instance follows. */
  async function savePace(ratePerMinute: number) {
    await t.ctx.db.deleteFrom('queue_settings').execute()
    await t.ctx.db
      .insertInto('queue_settings')
      .values({
        id: 1,
        enabled: 1,
        pre_queue_minutes: 30,
        rate_per_minute: ratePerMinute,
        max_shopping: null,
        pass_minutes: 5,
        pow_max_number: 50,
        updated_at: t.clock.now,
        updated_by: 'manager@example.com',
      })
      .execute()
    forgetQueueInForce(t.ctx)
  }

  const waits = async (tickets: string[]) =>
    Promise.all(
      tickets.map(async (ticket) => {
        const res = await status(t, ticket)
        return res.statusCode === 200 ? 0 : (res.json().standing.estimated_wait_seconds as number)
      }),
    )

  it('lets everyone already in line in at the new pace, and later arrivals behind them', async () => {
    t.clock.now = LAUNCH - 10 * MIN
    const tickets: string[] = []
    for (let i = 0; i < 6; i++) tickets.push(await joinWithTicket(t))
    // 6 a minute: one fan every 10 s, the last of six 50 s after the launch.
    t.clock.now = LAUNCH
    expect((await waits(tickets)).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50])

    // Ten times the pace: the line moves ten times as fast, from now on.
    t.clock.now = LAUNCH + 5000
    await savePace(60)
    expect((await waits(tickets)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5])
    const late = await joinWithTicket(t)
    expect((await status(t, late)).json().standing).toMatchObject({ place: 6, estimated_wait_seconds: 6 })
    t.clock.now = LAUNCH + 11_000
    expect(await waits([...tickets, late])).toEqual([0, 0, 0, 0, 0, 0, 0])

    // Slowed down again (the shop is struggling): the line slows at once.
    t.clock.now = LAUNCH + 20_000
    const behind = [await joinWithTicket(t), await joinWithTicket(t), await joinWithTicket(t)]
    expect(await waits(behind)).toEqual([0, 1, 2])
    await savePace(6)
    expect(await waits(behind)).toEqual([0, 10, 20])
  })
})

describe(`a second drop (a new launch instant) on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  const drop = (launchAt: number) => queueSettings({ launchAt, ratePerMinute: 6, preQueueMinutes: 30 })!
  const joinAll = async (settings: QueueSettings, names: string[]) => {
    const ids: number[] = []
    for (const name of names) {
      const joined = await joinQueue(t.ctx, settings, `${name}-${settings.launchAt}`)
      if (!joined.ok) throw new Error(joined.reason)
      ids.push(joined.ticketId)
    }
    return ids
  }

  it('draws its own pre-queue at its own launch, as the first drop did', async () => {
    // A rehearsal (or an earlier drop) ran the waiting room on this database.
    const first = drop(LAUNCH)
    t.clock.now = LAUNCH - 10 * MIN
    await joinAll(first, ['a', 'b', 'c'])
    t.clock.now = LAUNCH + MIN
    await joinAll(first, ['d'])

    // The next drop: its early fans wait for a draw at its launch, with no place before it.
    const second = drop(LAUNCH + 7 * 86_400_000)
    t.clock.now = second.launchAt - 10 * MIN
    const early = await joinAll(second, ['e', 'f', 'g', 'h'])
    for (const id of early) {
      expect(await ticketStanding(t.ctx, second, id)).toEqual({ phase: 'pre-queue', waitMs: 10 * MIN })
    }
    t.clock.now = second.launchAt
    const standings = await Promise.all(early.map((id) => ticketStanding(t.ctx, second, id)))
    // Places 1 to 4 of this drop, let in from its launch one every 10 s.
    const admitAts = standings
      .map((standing) => (standing as { admitAt: number }).admitAt)
      .sort((a, b) => a - b)
    expect(admitAts).toEqual([0, 1, 2, 3].map((i) => second.launchAt + i * 10_000))
    const state = await t.ctx.db.selectFrom('queue_state').selectAll().executeTakeFirstOrThrow()
    expect(state).toMatchObject({ drawn: 1, last_place: 4 })
  })
})
