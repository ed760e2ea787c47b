import type { OrderJson } from '@fanshop/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  addLine,
  applyCoupon,
  approvedCard,
  createCart,
  fetchOrder,
  insertProduct,
  insertShopper,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { failWrites } from '../../tests/failing-write.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { settleStaleProcessing } from '../admin/cart/stale-settlement.ts'
import { seedCart } from '../demo/cart.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { OUT_OF_STOCK } from './holds.ts'
import { settleOrder } from './orders.ts'
import {
  CHANGED_REASON,
  chargePayment,
  claimPayment,
  completePlacement,
  INTERRUPTED_REASON,
  STALE_PROCESSING_MS,
  TOTAL_CHANGED,
} from './placement.ts'

const FROZEN = 'This order is being paid: it cannot change until the payment is decided.'

describe(`placing an order exactly as it was charged, on ${testDialect}`, () => {
  let t: TestApp
  let spain: { countryId: number; stateId: number | null }
  let cardMethod: number
  const mail: MailMessage[] = []

  beforeAll(async () => {
    t = await createTestApp({ seed: false, mailer: { send: async (m) => void mail.push(m), close() {} } })
    await seedCart(t.ctx)
    spain = await placeIds(t, 'ES', 'M')
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('method_type', '=', 'credit_card')
      .executeTakeFirstOrThrow()
    cardMethod = method.id
  })
  afterAll(() => t.close())
  beforeEach(() => {
    mail.length = 0
  })

  type Cart = Pick<OrderJson, 'number' | 'token'>
  const q = (order: Cart) => `order_token=${order.token}`
  const next = (order: Cart, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}`,
      headers: key ? { 'idempotency-key': key } : {},
    })
  const updateCheckout = (order: Cart, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q(order)}`, payload })
  const removeCoupon = (order: Cart) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.number}/coupon_codes/FANS15?${q(order)}` })
  const deleteLine = (order: Cart, lineId: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.number}/line_items/${lineId}?${q(order)}` })
  const setQuantity = (order: Cart, lineId: number, quantity: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.number}/line_items/${lineId}?${q(order)}&line_item[quantity]=${quantity}`,
    })

  /** Two tees (one line) with the coupon, taken through the checkout to confirm with the approved card. */
  async function cartAtConfirm(): Promise<{ order: OrderJson; productId: number; extraId: number }> {
    const productId = await insertProduct(t, { price: 3490, stock: 50 })
    const extraId = await insertProduct(t, { price: 1990, stock: 50 })
    const order = await createCart(t)
    expect((await addLine(t, order, productId, 2)).statusCode).toBe(201)
    expect((await applyCoupon(t, order, 'FANS15')).statusCode).toBe(200)
    expect((await next(order)).statusCode).toBe(200)
    const saved = await updateCheckout(order, {
      order: { email: 'ana@example.com', bill_address_attributes: madridAddress(spain), use_billing: true },
    })
    expect(saved.statusCode).toBe(200)
    expect((await next(order)).json().state).toBe('delivery')
    expect((await next(order)).json().state).toBe('payment')
    const paid = await updateCheckout(order, {
      order: { payments_attributes: [{ payment_method_id: cardMethod }] },
      payment_source: { [cardMethod]: approvedCard },
    })
    expect(paid.statusCode).toBe(200)
    const confirm = await next(order)
    expect(confirm.json().state).toBe('confirm')
    return { order: confirm.json(), productId, extraId }
  }

  const orderRow = (order: Cart) =>
    t.ctx.db.selectFrom('orders').selectAll().where('number', '=', order.number).executeTakeFirstOrThrow()

  /** What the card gateway recorded for the order's payments (its own ledger). */
  const chargesOf = (order: Cart) =>
    t.ctx.db
      .selectFrom('test_card_charges')
      .selectAll()
      .where('idempotency_key', 'like', `${order.number}-P%`)
      .execute()

  const soldOf = async (productId: number) =>
    (
      await t.ctx.db
        .selectFrom('products')
        .select('stock_sold')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).stock_sold

  /** A completed order is exactly what was charged: one paid charge of its total, computed from its lines. */
  async function expectChargedExactly(order: Cart): Promise<OrderJson> {
    const after = await fetchOrder(t, order)
    const charges = await chargesOf(order)
    const paid = charges.filter((charge) => charge.outcome === 'paid')
    if (after.state !== 'complete') {
      expect(paid).toHaveLength(0)
      expect(after.payments.filter((p) => p.state === 'completed')).toHaveLength(0)
      return after
    }
    expect(paid).toHaveLength(1)
    expect((paid[0]!.amount / 100).toFixed(2)).toBe(after.total)
    const completed = after.payments.filter((p) => p.state === 'completed')
    expect(completed).toHaveLength(1)
    expect(completed[0]!.amount).toBe(after.total)
    const lineTotal = after.line_items.reduce((sum, line) => sum + Number(line.amount), 0)
    expect(lineTotal.toFixed(2)).toBe(after.item_total)
    expect(after.item_count).toBeGreaterThan(0)
    return after
  }

  describe('while the order is being paid', () => {
    it('refuses every change to lines, coupon, addresses, shipping and payment with 409', async () => {
      const { order, extraId, productId } = await cartAtConfirm()
      const lineId = order.line_items[0]!.id
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'frozen-key-1')
      expect(claimed.order.frozen_at).toBe(t.clock.now)

      const rate = order.shipments[0]!.shipping_rates[0]!.id
      const changes = await Promise.all([
        addLine(t, order, extraId),
        setQuantity(order, lineId, 1),
        deleteLine(order, lineId),
        applyCoupon(t, order, 'FANS15'),
        removeCoupon(order),
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/orders/${order.number}.json?${q(order)}`,
          payload: { order: { email: 'someone-else@example.com' } },
        }),
        updateCheckout(order, {
          order: { bill_address_attributes: { ...madridAddress(spain), city: 'Toledo' }, use_billing: true },
        }),
        updateCheckout(order, { order: { shipments_attributes: [{ selected_shipping_rate_id: rate }] } }),
        updateCheckout(order, {
          order: { payments_attributes: [{ payment_method_id: cardMethod }] },
          payment_source: { [cardMethod]: approvedCard },
        }),
        next(order, 'frozen-key-2'),
      ])
      for (const change of changes) {
        expect(change.json()).toEqual({ message: FROZEN, statusCode: 409 })
      }
      const read = await fetchOrder(t, order)
      expect(read).toMatchObject({ state: 'confirm', total: order.total, email: 'ana@example.com' })

      const placed = await completePlacement(t.ctx, claimed)
      expect(placed.state).toBe('complete')
      expect(placed.frozen_at).not.toBeNull()
      const after = await expectChargedExactly(order)
      expect(after.total).toBe(order.total)
      expect(after.line_items.map((line) => [line.variant_id, line.quantity])).toEqual([[productId, 2]])
      expect(mail).toHaveLength(1)
    })

    it('is not merged into an account’s cart on login', async () => {
      const { order } = await cartAtConfirm()
      await claimPayment(t.ctx, await orderRow(order), 'login-key-1')
      const shopper = await insertShopper(t)
      const own = await createCart(t, shopper.token)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/associate.json?${q(order)}`,
        headers: { authorization: `Bearer ${shopper.token}` },
      })
      expect(res.json()).toEqual({ message: FROZEN, statusCode: 409 })
      expect((await fetchOrder(t, order)).line_items).toHaveLength(1)
      expect((await fetchOrder(t, own)).line_items).toHaveLength(0)
    })

    it('completes every racing order with exactly the lines and total that were charged', async () => {
      const changeStatuses: number[] = []
      let completed = 0
      for (let round = 0; round < 30; round++) {
        const { order, extraId } = await cartAtConfirm()
        const lineId = order.line_items[0]!.id
        const changes = () =>
          Promise.all([
            addLine(t, order, extraId),
            removeCoupon(order),
            round % 4 < 2 ? deleteLine(order, lineId) : setQuantity(order, lineId, 1),
            updateCheckout(order, { order: { email: 'someone-else@example.com' } }),
          ])
        let answers: Awaited<ReturnType<typeof changes>>
        if (round % 2 === 0) {
          // Over HTTP, the changes start at staggered moments: before the claim, during, after.
          const placing = next(order, `race-key-${round}`)
          await new Promise((resolve) => setTimeout(resolve, round % 5))
          answers = await changes()
          expect([200, 409, 422]).toContain((await placing).statusCode)
        } else {
          // Inside the window: the placing request has claimed and its charge is still out.
          const claimed = await claimPayment(t.ctx, await orderRow(order), `race-key-${round}`)
          answers = await changes()
          expect(answers.map((answer) => answer.statusCode)).toEqual([409, 409, 409, 409])
          expect((await completePlacement(t.ctx, claimed)).state).toBe('complete')
        }
        for (const answer of answers) {
          changeStatuses.push(answer.statusCode)
          expect([200, 201, 204, 409, 422]).toContain(answer.statusCode)
          if (answer.statusCode === 409) expect(answer.json()).toEqual({ message: FROZEN, statusCode: 409 })
        }
        if ((await expectChargedExactly(order)).state === 'complete') completed++
      }
      expect(completed).toBeGreaterThanOrEqual(15)
      expect(changeStatuses).toContain(409)
    }, 120_000)

    it('voids the charge and does not complete an order that changed behind the freeze', async () => {
      const { order, extraId } = await cartAtConfirm()
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'behind-key-1')
      // A write that bypasses the API (an admin tool, a bug) still cannot turn into a wrong order.
      await t.ctx.db
        .insertInto('line_items')
        .values({
          order_id: claimed.order.id,
          variant_id: extraId,
          quantity: 1,
          price: 1990,
          created_at: t.clock.now,
        })
        .execute()
      await expect(completePlacement(t.ctx, claimed)).rejects.toMatchObject({
        statusCode: 409,
        message: CHANGED_REASON,
      })
      const after = await fetchOrder(t, order)
      expect(after).toMatchObject({ state: 'payment', payment_state: 'failed' })
      expect(after.payments.map((p) => p.state)).toEqual(['failed', 'checkout'])
      expect((await chargesOf(order)).map((charge) => charge.outcome)).toEqual(['voided'])
      expect((await orderRow(order)).frozen_at).toBeNull()
      expect(mail).toHaveLength(0)

      const replay = await next(order, 'behind-key-1')
      expect(replay.json()).toEqual({ message: CHANGED_REASON, statusCode: 409 })
      expect((await next(order)).json().state).toBe('confirm')
      expect((await next(order, 'behind-key-2')).json().state).toBe('complete')
      const placed = await expectChargedExactly(order)
      expect(placed.item_count).toBe(3)
    })

    it('voids the charge and answers 422 out of stock when on hand fell below what the order holds', async () => {
      const { order, productId } = await cartAtConfirm()
      // A write that bypasses the stock rules (a direct fix in the database) leaves 1 on hand under 2 held.
      await t.ctx.db.updateTable('products').set({ stock_on_hand: 1 }).where('id', '=', productId).execute()
      const placing = await next(order, 'short-key-1')
      expect(placing.json()).toEqual({ message: OUT_OF_STOCK, statusCode: 422 })
      const after = await fetchOrder(t, order)
      expect(after).toMatchObject({ state: 'payment', payment_state: 'failed' })
      expect(after.payments.map((p) => p.state)).toEqual(['failed', 'checkout'])
      expect((await chargesOf(order)).map((charge) => charge.outcome)).toEqual(['voided'])
      expect((await orderRow(order)).frozen_at).toBeNull()
      expect(await soldOf(productId)).toBe(0)
      expect(mail).toHaveLength(0)
      expect((await next(order, 'short-key-1')).json()).toEqual({ message: OUT_OF_STOCK, statusCode: 422 })

      await t.ctx.db.updateTable('products').set({ stock_on_hand: 2 }).where('id', '=', productId).execute()
      expect((await next(order)).json().state).toBe('confirm')
      expect((await next(order, 'short-key-2')).json().state).toBe('complete')
      await expectChargedExactly(order)
      expect(await soldOf(productId)).toBe(2)
    })
  })

  describe('when what the total is made of changed since it was worked out', () => {
    it('charges nothing, answers 422 and shows the new total, which the next placement charges', async () => {
      const { order } = await cartAtConfirm()
      const coupon = await t.ctx.db
        .insertInto('coupons')
        .values({ code: 'SHIFT15', type: 'percent', amount: 15, active: 1, created_at: t.clock.now })
        .returning('id')
        .executeTakeFirstOrThrow()
      const applied = await applyCoupon(t, order, 'SHIFT15')
      expect(applied.json()).toMatchObject({ state: 'confirm', total: order.total })
      // Staff edit the coupon (the back office's coupon form) while the shopper reads the total.
      await t.ctx.db.updateTable('coupons').set({ amount: 10 }).where('id', '=', coupon.id).execute()

      const placing = await next(order, 'shift-key-1')
      expect(placing.json()).toEqual({ message: TOTAL_CHANGED, statusCode: 422 })
      expect(await chargesOf(order)).toEqual([])
      const after = await fetchOrder(t, order)
      expect(after).toMatchObject({ state: 'confirm', adjustment_total: '-6.98' })
      expect(after.total).not.toBe(order.total)
      expect((await orderRow(order)).frozen_at).toBeNull()
      const { uses } = await t.ctx.db
        .selectFrom('coupons')
        .select('uses')
        .where('id', '=', coupon.id)
        .executeTakeFirstOrThrow()
      expect(uses).toBe(0)
      expect(mail).toHaveLength(0)

      expect((await next(order, 'shift-key-2')).json().state).toBe('complete')
      expect((await expectChargedExactly(order)).total).toBe(after.total)
    })
  })

  describe('after a crash in the middle of a payment', () => {
    it('completes the order once when the gateway had charged, for a retry with the same key', async () => {
      const { order, productId } = await cartAtConfirm()
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'crash-key-1')
      expect(await chargePayment(t.ctx, claimed.order, claimed.payment!)).toEqual({ outcome: 'paid' })
      // The request died here, before settling.
      const early = await next(order, 'crash-key-1')
      expect(early.statusCode).toBe(409)
      expect((await fetchOrder(t, order)).state).toBe('confirm')

      t.clock.advance(STALE_PROCESSING_MS + 1000)
      const [first, second] = await Promise.all([next(order, 'crash-key-1'), next(order, 'crash-key-1')])
      const statuses = [first.statusCode, second.statusCode]
      expect(statuses).toContain(200)
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
      const retried = await next(order, 'crash-key-1')
      expect(retried.statusCode).toBe(200)
      expect(retried.json().state).toBe('complete')
      await expectChargedExactly(order)
      expect(await chargesOf(order)).toHaveLength(1)
      expect(await soldOf(productId)).toBe(2)
      expect(mail).toHaveLength(1)
    })

    it('is resolved by a read of the order, too', async () => {
      const { order } = await cartAtConfirm()
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'crash-key-2')
      await chargePayment(t.ctx, claimed.order, claimed.payment!)
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      expect((await fetchOrder(t, order)).state).toBe('complete')
      await expectChargedExactly(order)
      expect(mail).toHaveLength(1)
    })

    it('voids the key and lets the shopper place again when the gateway never charged', async () => {
      const { order } = await cartAtConfirm()
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'crash-key-3')
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      const retried = await next(order, 'crash-key-3')
      expect(retried.json()).toEqual({ message: INTERRUPTED_REASON, statusCode: 422 })
      const after = await fetchOrder(t, order)
      expect(after).toMatchObject({ state: 'payment', payment_state: 'failed' })
      expect((await orderRow(order)).frozen_at).toBeNull()
      expect(await chargesOf(order)).toEqual([expect.objectContaining({ outcome: 'voided' })])

      // The crashed request's charge, arriving late, is refused by the gateway and changes nothing.
      const late = await chargePayment(t.ctx, claimed.order, claimed.payment!)
      expect(late.outcome).toBe('declined')
      await expect(completePlacement(t.ctx, claimed)).rejects.toMatchObject({ statusCode: 422 })

      expect((await next(order)).json().state).toBe('confirm')
      const placed = await next(order, 'crash-key-4')
      expect(placed.json().state).toBe('complete')
      await expectChargedExactly(order)
      expect(mail).toHaveLength(1)
    })

    it('sends a bank transfer that never got its answer back to payment, to be placed again', async () => {
      const { order } = await cartAtConfirm()
      const transfer = await t.ctx.db
        .selectFrom('payment_methods')
        .select('id')
        .where('method_type', '=', 'bank_transfer')
        .executeTakeFirstOrThrow()
      expect(
        (
          await updateCheckout(order, {
            order: { payments_attributes: [{ payment_method_id: transfer.id }] },
          })
        ).statusCode,
      ).toBe(200)
      expect((await next(order)).json().state).toBe('confirm')
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'transfer-key-1')
      expect(await chargePayment(t.ctx, claimed.order, claimed.payment!)).toEqual({ outcome: 'pending' })
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      expect(await fetchOrder(t, order)).toMatchObject({ state: 'payment', payment_state: 'failed' })
      expect((await next(order)).json().state).toBe('confirm')
      const placed = await next(order, 'transfer-key-2')
      expect(placed.json()).toMatchObject({ state: 'complete', payment_state: 'balance_due' })
      expect(mail).toHaveLength(1)
    })

    it('is settled by the background sweep when nobody looks at the order again, whatever fails for one', async () => {
      const gatewayDown = await cartAtConfirm()
      const charged = await cartAtConfirm()
      const neverCharged = await cartAtConfirm()
      await claimPayment(t.ctx, await orderRow(gatewayDown.order), 'sweep-key-1')
      const claimed = await claimPayment(t.ctx, await orderRow(charged.order), 'sweep-key-2')
      await chargePayment(t.ctx, claimed.order, claimed.payment!)
      await claimPayment(t.ctx, await orderRow(neverCharged.order), 'sweep-key-3')
      // The gateway fails for the first order's payment: voiding its key throws.
      const letThrough = await failWrites(t.ctx.db, {
        name: 'fail_gateway_void',
        table: 'test_card_charges',
        on: 'insert',
        when: `new.idempotency_key like '${gatewayDown.order.number}-P%'`,
      })
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      // Two instances' sweeps at once settle each payment once.
      await Promise.all([settleStaleProcessing(t.ctx), settleStaleProcessing(t.ctx)])
      await letThrough()

      expect(await orderRow(gatewayDown.order)).toMatchObject({
        state: 'confirm',
        frozen_at: expect.anything(),
      })
      expect(await orderRow(charged.order)).toMatchObject({ state: 'complete', payment_state: 'paid' })
      await expectChargedExactly(charged.order)
      expect(await soldOf(charged.productId)).toBe(2)
      expect(mail).toHaveLength(1)
      expect(await orderRow(neverCharged.order)).toMatchObject({
        state: 'payment',
        payment_state: 'failed',
        frozen_at: null,
      })
      expect(await chargesOf(neverCharged.order)).toEqual([expect.objectContaining({ outcome: 'voided' })])

      // Taken over by the run that failed, it is asked about again once that is stale too.
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      await settleStaleProcessing(t.ctx)
      expect(await orderRow(gatewayDown.order)).toMatchObject({ state: 'payment', frozen_at: null })
      expect(await chargesOf(gatewayDown.order)).toEqual([expect.objectContaining({ outcome: 'voided' })])
      expect(mail).toHaveLength(1)
    })

    it('keeps a frozen order’s lines past the hold’s hour until the payment is decided', async () => {
      const { order, productId } = await cartAtConfirm()
      const claimed = await claimPayment(t.ctx, await orderRow(order), 'crash-key-5')
      await chargePayment(t.ctx, claimed.order, claimed.payment!)
      t.clock.advance(61 * 60 * 1000)
      const kept = await settleOrder(t.ctx, await orderRow(order))
      expect(kept).toMatchObject({ state: 'confirm', expired_items: '[]' })
      const lines = await t.ctx.db
        .selectFrom('line_items')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', kept.id)
        .execute()
      expect(lines).toEqual([{ variant_id: productId, quantity: 2 }])

      const read = await fetchOrder(t, order)
      expect(read).toMatchObject({ state: 'complete', expired_items: [] })
      expect(await soldOf(productId)).toBe(2)
      await expectChargedExactly(order)
    })
  })
})
