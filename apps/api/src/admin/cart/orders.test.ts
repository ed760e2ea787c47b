import {
  type AdminEndpoint,
  type AdminOrder,
  adminOrderEndpoints,
  couponEndpoints,
  roleCan,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  addLine,
  applyCoupon,
  approvedCard,
  createCart,
  insertProduct,
  insertShopper,
  madridAddress,
  placeIds,
} from '../../../tests/cart.ts'
import { failWrites } from '../../../tests/failing-write.ts'
import { type TestApp, testDialect } from '../../../tests/test-app.ts'
import { REFUND_OVER_CHARGE, testCardGateway } from '../../cart/payments/test-card-gateway.ts'
import { STALE_PROCESSING_MS } from '../../cart/placement.ts'
import { seedCart } from '../../demo/cart.ts'
import { seedStaff } from '../../demo/staff.ts'
import type { MailMessage } from '../../mail/mailer.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'
import { settleStaleProcessing } from './stale-settlement.ts'

describe(`the back office's orders, on ${testDialect}`, () => {
  let t: TestApp
  let spain: { countryId: number; stateId: number | null }
  let cookies: Record<StaffRole, string>
  const mail: MailMessage[] = []
  /** The mail server refuses every send while this is set. */
  let mailDown = false

  beforeAll(async () => {
    const send = async (m: MailMessage) => {
      if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      mail.push(m)
    }
    ;({ t, cookies } = await createAdminTestApp(
      { seed: false, mailer: { send, close() {} } },
      async (app) => {
        await seedCart(app.ctx)
        await seedStaff(app.ctx)
      },
    ))
    spain = await placeIds(t, 'ES', 'M')
  })
  afterAll(() => t?.close())
  beforeEach(() => {
    mail.length = 0
    mailDown = false
  })

  const methodId = async (type: 'credit_card' | 'bank_transfer') =>
    (
      await t.ctx.db
        .selectFrom('payment_methods')
        .select('id')
        .where('method_type', '=', type)
        .executeTakeFirstOrThrow()
    ).id

  /** A placed order: 2 × €20.00 and 1 × €10.00 (or `prices`), paid by the approved card (or bank
   *  transfer), with the coupon `coupon` when given. */
  async function placed(
    options: {
      pay?: 'card' | 'bank'
      bearer?: string
      email?: string
      coupon?: string
      prices?: [number, number]
    } = {},
  ) {
    const [teePrice, capPrice] = options.prices ?? [2000, 1000]
    const tee = await insertProduct(t, { price: teePrice, stock: 10, name: 'Tour tee' })
    const cap = await insertProduct(t, { price: capPrice, stock: 10, name: 'Cap' })
    const order = await createCart(t, options.bearer)
    expect((await addLine(t, order, tee, 2)).statusCode).toBe(201)
    expect((await addLine(t, order, cap, 1)).statusCode).toBe(201)
    if (options.coupon) {
      const applied = await applyCoupon(t, order, options.coupon)
      expect(applied.statusCode, applied.body).toBe(200)
    }
    const url = (path: string) => `/api/v1/checkouts/${order.number}${path}?order_token=${order.token}`
    const next = () => t.app.inject({ method: 'PUT', url: url('/next.json') })
    const update = (payload: object) => t.app.inject({ method: 'PUT', url: url('.json'), payload })
    expect((await next()).statusCode).toBe(200)
    const email = options.email ?? `buyer-${order.number.toLowerCase()}@example.com`
    expect(
      (
        await update({
          order: { email, bill_address_attributes: madridAddress(spain), use_billing: true },
        })
      ).statusCode,
    ).toBe(200)
    await next()
    await next()
    const method = await methodId(options.pay === 'bank' ? 'bank_transfer' : 'credit_card')
    const paid = await update({
      order: { payments_attributes: [{ payment_method_id: method }] },
      ...(options.pay === 'bank' ? {} : { payment_source: { [method]: approvedCard } }),
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await next()).json().state).toBe('confirm')
    const done = await next()
    expect(done.json().state, done.body).toBe('complete')
    mail.length = 0
    return { number: order.number as string, tee, cap, email, total: done.json().total as string }
  }

  /** An endpoint called with the order `number` (the first order's when not given) as its path param. */
  const call = (
    endpoint: AdminEndpoint,
    {
      number = 'R000000001',
      ...options
    }: { cookie?: string; number?: string; body?: unknown; query?: string } = {},
  ) => callEndpoint(t.app, endpoint, { ...options, params: { number } })

  const view = async (number: string): Promise<AdminOrder> => {
    const res = await call(adminOrderEndpoints.getOrder, { cookie: cookies.owner, number })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  const sold = async (id: number) =>
    (
      await t.ctx.db
        .selectFrom('products')
        .select('stock_sold')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock_sold

  const auditOf = async (action: string, number: string) =>
    t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', action)
      .where('entity_id', '=', number)
      .execute()

  describe('who may call', () => {
    // 401 and 403 by role for every endpoint: admin.test.ts, for every back office endpoint.
    it('keeps cancelling and refunding from the fulfilment role', () => {
      expect(roleCan('fulfilment', adminOrderEndpoints.fulfilOrder.permission)).toBe(true)
      expect(roleCan('fulfilment', adminOrderEndpoints.cancelOrder.permission)).toBe(false)
      expect(roleCan('fulfilment', adminOrderEndpoints.refundOrder.permission)).toBe(false)
    })
  })

  describe('bad input', () => {
    it('answers 400 with a message to a bad filter, number or body, and 404 to an unknown order', async () => {
      const badQuery = await call(adminOrderEndpoints.listOrders, {
        cookie: cookies.owner,
        query: 'payment=rich',
      })
      expect(badQuery.statusCode).toBe(400)
      expect(badQuery.json()).toEqual({ statusCode: 400, message: expect.stringContaining('payment') })
      const badDate = await call(adminOrderEndpoints.listOrders, {
        cookie: cookies.owner,
        query: 'from=2026-13-45',
      })
      expect(badDate.statusCode).toBe(400)
      const badNumber = await t.app.inject({
        url: '/admin/api/orders/123',
        headers: { cookie: cookies.owner },
      })
      expect(badNumber.statusCode).toBe(400)
      const { number } = await placed()
      const noCarrier = await call(adminOrderEndpoints.fulfilOrder, {
        cookie: cookies.fulfilment,
        number,
        body: { carrier: ' ', trackingNumber: 'X1' },
      })
      expect(noCarrier.statusCode).toBe(400)
      expect(noCarrier.json().message).toContain('carrier')
      const nothing = await call(adminOrderEndpoints.refundOrder, {
        cookie: cookies.manager,
        number,
        body: { key: 'refund-nothing-1', lines: [] },
      })
      expect(nothing.statusCode).toBe(400)
      const unknown = await call(adminOrderEndpoints.getOrder, {
        cookie: cookies.owner,
        number: 'R999999999',
      })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ statusCode: 404, message: 'Order R999999999 not found.' })
    })
  })

  describe('the list', () => {
    it('filters, searches, sorts and pages in the API, and exports the filtered list as CSV', async () => {
      const shopper = await insertShopper(t)
      const card = await placed({ bearer: shopper.token, email: shopper.email })
      const bank = await placed({ pay: 'bank' })
      const list = async (query: string) => {
        const res = await call(adminOrderEndpoints.listOrders, { cookie: cookies.fulfilment, query })
        expect(res.statusCode, res.body).toBe(200)
        return res.json() as { items: { number: string; paymentState: string }[]; total: number }
      }
      expect((await list(`q=${card.number}`)).items.map((o) => o.number)).toEqual([card.number])
      expect((await list(`q=${bank.email.toUpperCase()}`)).items.map((o) => o.number)).toEqual([bank.number])
      // What staff type is matched literally: % and _ are no wildcards in an e-mail search.
      expect((await list(`q=${encodeURIComponent('buyer-%@example.com')}`)).total).toBe(0)
      expect((await list(`q=${encodeURIComponent(bank.email.replace('-', '_'))}`)).total).toBe(0)
      expect((await list(`customer=${shopper.id}`)).items.map((o) => o.number)).toEqual([card.number])
      const due = await list('payment=balance_due&per_page=100')
      expect(due.items.every((o) => o.paymentState === 'balance_due')).toBe(true)
      expect(due.items.map((o) => o.number)).toContain(bank.number)
      expect(due.items.map((o) => o.number)).not.toContain(card.number)
      const today = new Date(t.clock.now).toISOString().slice(0, 10)
      expect((await list(`from=${today}&to=${today}&q=${card.number}`)).total).toBe(1)
      expect((await list(`to=2000-01-01`)).total).toBe(0)
      const paged = await list('per_page=1&page=2&sort=number&dir=asc')
      const all = await list('per_page=100&sort=number&dir=asc')
      expect(paged.items).toHaveLength(1)
      expect(paged.items[0]!.number).toBe(all.items[1]!.number)
      expect(paged.total).toBe(all.total)

      const csv = await call(adminOrderEndpoints.exportOrders, {
        cookie: cookies.fulfilment,
        query: 'payment=balance_due',
      })
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['content-type']).toMatch(/^text\/csv/)
      const rows = csv.body.trim().split('\n')
      expect(rows[0]).toBe(
        'number,placed_at,email,customer_id,items,total,refunded,state,payment_state,fulfilment_state',
      )
      expect(rows).toHaveLength(due.total + 1)
      expect(csv.body).toContain(`${bank.number},`)
      expect(csv.body).not.toContain(card.number)
      // Every customer's e-mail in one file: who took it, when, with which filter and how many rows.
      const exports = await t.ctx.db
        .selectFrom('admin_audit')
        .selectAll()
        .where('action', '=', 'order.export')
        .execute()
      expect(exports).toHaveLength(1)
      expect(exports[0]).toMatchObject({ staff_email: 'fulfilment@example.com', entity: 'order' })
      expect(Number(exports[0]!.created_at)).toBe(t.clock.now)
      expect(JSON.parse(exports[0]!.after!)).toMatchObject({
        filter: { payment: 'balance_due' },
        rows: due.total,
      })
    })
  })

  describe('fulfilment', () => {
    it('ships a paid order with carrier and tracking, mails the customer and writes the audit entry', async () => {
      const { number, email } = await placed()
      const res = await call(adminOrderEndpoints.fulfilOrder, {
        cookie: cookies.fulfilment,
        number,
        body: { carrier: 'Correos', trackingNumber: 'PQ123456789ES' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const order: AdminOrder = res.json()
      expect(order.shipmentState).toBe('shipped')
      expect(order.shipping).toMatchObject({ carrier: 'Correos', trackingNumber: 'PQ123456789ES' })
      expect(order.timeline.map((event) => event.kind)).toEqual([
        'placed',
        'paid',
        'email',
        'fulfilled',
        'email',
      ])
      expect(mail).toHaveLength(1)
      expect(mail[0]!.to).toBe(email)
      expect(mail[0]!.subject).toBe(`Your order ${number} has shipped`)
      expect(mail[0]!.text).toContain('PQ123456789ES')
      const [entry] = await auditOf('order.fulfil', number)
      expect(entry).toMatchObject({ staff_email: 'fulfilment@example.com' })
      expect(JSON.parse(entry!.after!)).toMatchObject({ shipmentState: 'shipped', carrier: 'Correos' })

      const again = await call(adminOrderEndpoints.fulfilOrder, {
        cookie: cookies.fulfilment,
        number,
        body: { carrier: 'Correos', trackingNumber: 'PQ1' },
      })
      expect(again.json()).toEqual({ statusCode: 409, message: 'This order has already been shipped.' })
      const cancel = await call(adminOrderEndpoints.cancelOrder, {
        cookie: cookies.manager,
        number,
        body: {},
      })
      expect(cancel.statusCode).toBe(409)
    })

    it('refuses to ship an order whose payment was all refunded', async () => {
      const { number } = await placed()
      const order = await view(number)
      const refunded = await call(adminOrderEndpoints.refundOrder, {
        cookie: cookies.manager,
        number,
        body: {
          key: `${number}-everything`,
          lines: order.lines.map((line) => ({ lineItemId: line.id, quantity: line.quantity })),
          shipping: true,
        },
      })
      expect(refunded.json().paymentState).toBe('refunded')
      const res = await call(adminOrderEndpoints.fulfilOrder, {
        cookie: cookies.fulfilment,
        number,
        body: { carrier: 'Correos', trackingNumber: 'PQ3' },
      })
      expect(res.json()).toEqual({
        statusCode: 409,
        message: 'Everything paid for this order has been refunded: there is nothing to ship.',
      })
      expect(mail).toHaveLength(0)
    })

    it('refuses to ship an order still waiting for its bank transfer', async () => {
      const { number } = await placed({ pay: 'bank' })
      const res = await call(adminOrderEndpoints.fulfilOrder, {
        cookie: cookies.fulfilment,
        number,
        body: { carrier: 'Correos', trackingNumber: 'PQ2' },
      })
      expect(res.statusCode).toBe(409)
      expect(mail).toHaveLength(0)
    })
  })

  describe('cancelling', () => {
    it('returns the stock, refunds the payment and is audited; not twice', async () => {
      const { number, tee, cap } = await placed()
      expect([await sold(tee), await sold(cap)]).toEqual([2, 1])
      const res = await call(adminOrderEndpoints.cancelOrder, {
        cookie: cookies.manager,
        number,
        body: { reason: 'Customer asked' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const order: AdminOrder = res.json()
      expect([await sold(tee), await sold(cap)]).toEqual([0, 0])
      expect(order).toMatchObject({ state: 'canceled', shipmentState: 'canceled', paymentState: 'refunded' })
      expect(order.refundedTotal).toBe(order.paidTotal)
      expect(await auditOf('order.cancel', number)).toHaveLength(1)
      const again = await call(adminOrderEndpoints.cancelOrder, { cookie: cookies.manager, number, body: {} })
      expect(again.json()).toEqual({ statusCode: 409, message: 'This order is already cancelled.' })
      expect([await sold(tee), await sold(cap)]).toEqual([0, 0])
    })

    it("gives the order's coupon use back, to the coupon's total and to the customer's own limit", async () => {
      const created = await call(couponEndpoints.createCoupon, {
        cookie: cookies.manager,
        body: { code: `ONCE${testDialect}`, amount: 10, usageLimit: 1, perCustomerLimit: 1 },
      })
      expect(created.statusCode, created.body).toBe(201)
      const coupon = created.json() as { id: number; code: string }
      const email = `once-${testDialect}@example.com`
      const { number } = await placed({ coupon: coupon.code, email })
      const uses = async () =>
        (
          await t.ctx.db
            .selectFrom('coupons')
            .select('uses')
            .where('id', '=', coupon.id)
            .executeTakeFirstOrThrow()
        ).uses
      expect(await uses()).toBe(1)
      const res = await call(adminOrderEndpoints.cancelOrder, { cookie: cookies.manager, number, body: {} })
      expect(res.statusCode, res.body).toBe(200)
      expect(await uses()).toBe(0)
      // The same customer can use it again, once: the cancelled order no longer counts.
      await placed({ coupon: coupon.code, email })
      expect(await uses()).toBe(1)
    })

    it('voids an unpaid bank transfer order without a refund', async () => {
      const { number, tee } = await placed({ pay: 'bank' })
      const res = await call(adminOrderEndpoints.cancelOrder, { cookie: cookies.owner, number, body: {} })
      expect(res.json()).toMatchObject({ state: 'canceled', paymentState: 'void', refunds: [] })
      expect(await sold(tee)).toBe(0)
    })
  })

  describe('refunds', () => {
    it('refunds one line through the test gateway, restocks it, and never more than was paid', async () => {
      const { number, tee, cap } = await placed()
      const before = await view(number)
      const teeLine = before.lines.find((line) => line.variantId === tee)!
      const refund = (body: object) =>
        call(adminOrderEndpoints.refundOrder, { cookie: cookies.manager, number, body })
      const first = await refund({
        key: `${number}-one-tee`,
        lines: [{ lineItemId: teeLine.id, quantity: 1 }],
      })
      expect(first.statusCode, first.body).toBe(200)
      const after: AdminOrder = first.json()
      expect(after.refundedTotal).toBe(2000)
      expect(after.paymentState).toBe('partially_refunded')
      expect(after.lines.find((line) => line.id === teeLine.id)).toMatchObject({
        refundedQuantity: 1,
        restockedQuantity: 1,
      })
      expect([await sold(tee), await sold(cap)]).toEqual([1, 1])
      const refunds = await t.ctx.db
        .selectFrom('test_card_refunds')
        .selectAll()
        .where('idempotency_key', 'like', `${number}-F%`)
        .execute()
      expect(refunds.map((row) => row.amount)).toEqual([2000])
      const [entry] = await auditOf('order.refund', number)
      expect(JSON.parse(entry!.after!)).toMatchObject({ amount: 2000, refundedTotal: 2000 })

      // The same key again: the same answer, nothing refunded twice.
      const twice = await refund({
        key: `${number}-one-tee`,
        lines: [{ lineItemId: teeLine.id, quantity: 1 }],
      })
      expect(twice.statusCode).toBe(200)
      expect(twice.json().refundedTotal).toBe(2000)
      expect(await sold(tee)).toBe(1)
      expect(await auditOf('order.refund', number)).toHaveLength(1)

      // More units than are left of the line: the refusal names the product as the order shows it.
      const over = await refund({
        key: `${number}-two-tees`,
        lines: [{ lineItemId: teeLine.id, quantity: 2 }],
      })
      expect(teeLine.name).toBe('Tour tee')
      expect(over.json()).toEqual({
        statusCode: 422,
        message: 'Only 1 of Tour tee can still be refunded: the order has 2, 1 refunded.',
      })
      const foreign = await refund({
        key: `${number}-foreign`,
        lines: [{ lineItemId: 999_999, quantity: 1 }],
      })
      expect(foreign.statusCode).toBe(422)

      // The rest and the shipping, without restocking: then nothing is left.
      const rest = await refund({
        key: `${number}-rest`,
        lines: after.lines
          .filter((line) => line.quantity > line.refundedQuantity)
          .map((line) => ({ lineItemId: line.id, quantity: line.quantity - line.refundedQuantity })),
        shipping: true,
        restock: false,
      })
      expect(rest.statusCode, rest.body).toBe(200)
      expect(rest.json()).toMatchObject({ paymentState: 'refunded', refundedTotal: after.paidTotal })
      expect([await sold(tee), await sold(cap)]).toEqual([1, 1])
      const more = await refund({ key: `${number}-more`, shipping: true })
      expect(more.json()).toEqual({
        statusCode: 409,
        message: 'Everything paid for this order has been refunded.',
      })
    })

    it("refunds what the order paid with its coupon, not the coupon's percentage as changed since", async () => {
      const created = await call(couponEndpoints.createCoupon, {
        cookie: cookies.manager,
        body: { code: `PAID15${testDialect}`, amount: 15 },
      })
      expect(created.statusCode, created.body).toBe(201)
      const coupon = created.json() as { id: number; code: string }
      // 2 × €19.90 and 1 × €9.95 at 15%: €59.75 less €8.96 (the unit of €19.90 carried €2.985 of it).
      const { number, tee } = await placed({ coupon: coupon.code, prices: [1990, 995] })
      const edited = await callEndpoint(t.app, couponEndpoints.updateCoupon, {
        cookie: cookies.manager,
        params: { id: coupon.id },
        body: { code: coupon.code, amount: 1 },
      })
      expect(edited.statusCode, edited.body).toBe(200)
      const before = await view(number)
      expect(before.coupon).toEqual({ code: coupon.code, percent: 15 })
      expect([before.itemTotal, before.adjustmentTotal]).toEqual([4975, -746])
      const teeLine = before.lines.find((line) => line.variantId === tee)!
      const refund = (key: string, body: object) =>
        call(adminOrderEndpoints.refundOrder, {
          cookie: cookies.manager,
          number,
          body: { key: `${number}-${key}`, restock: false, ...body },
        })
      const one = await refund('one-tee', { lines: [{ lineItemId: teeLine.id, quantity: 1 }] })
      expect(one.statusCode, one.body).toBe(200)
      expect(one.json().refundedTotal).toBe(1990 - 299)
      // Unit by unit, the lines never give back more than the order paid for them, and once all are
      // refunded, exactly that.
      for (const line of before.lines) {
        for (let unit = line.id === teeLine.id ? 1 : 0; unit < line.quantity; unit += 1) {
          const res = await refund(`unit-${line.id}-${unit}`, {
            lines: [{ lineItemId: line.id, quantity: 1 }],
          })
          expect(res.statusCode, res.body).toBe(200)
        }
      }
      const lines = await view(number)
      expect(lines.refundedTotal).toBe(before.itemTotal + before.adjustmentTotal)
      const shipping = await refund('shipping', { shipping: true })
      expect(shipping.statusCode, shipping.body).toBe(200)
      expect(shipping.json().refundedTotal).toBe(before.paidTotal)
    })

    it('refuses to refund an order nothing was paid for', async () => {
      const { number } = await placed({ pay: 'bank' })
      const order = await view(number)
      const res = await call(adminOrderEndpoints.refundOrder, {
        cookie: cookies.owner,
        number,
        body: { key: 'bank-refund-1', lines: [{ lineItemId: order.lines[0]!.id, quantity: 1 }] },
      })
      expect(res.statusCode).toBe(409)
    })

    it('the test gateway never refunds more than the charge took, once per key', async () => {
      const gateway = testCardGateway(t.ctx.db)
      await gateway.charge({
        amount: 1000,
        currency: 'EUR',
        token: 'test_card_approved',
        idempotencyKey: 'gw-charge',
      })
      expect(await gateway.refund('gw-refund-1', 600, 'gw-charge')).toEqual({ outcome: 'refunded' })
      expect(await gateway.refund('gw-refund-1', 600, 'gw-charge')).toEqual({ outcome: 'refunded' })
      expect(await gateway.refund('gw-refund-2', 600, 'gw-charge')).toEqual({
        outcome: 'refused',
        reason: REFUND_OVER_CHARGE,
      })
      expect(await gateway.refund('gw-refund-3', 400, 'gw-charge')).toEqual({ outcome: 'refunded' })
    })
  })

  describe('notes and e-mails', () => {
    it('adds an internal note and resends the confirmation, both on the timeline and audited', async () => {
      const { number, email } = await placed()
      const note = await call(adminOrderEndpoints.addOrderNote, {
        cookie: cookies.fulfilment,
        number,
        body: { key: `${number}-gift-wrap`, text: 'Gift wrap, please' },
      })
      expect(note.statusCode).toBe(201)
      const resent = await call(adminOrderEndpoints.resendConfirmation, {
        cookie: cookies.fulfilment,
        number,
      })
      expect(resent.statusCode).toBe(200)
      expect(mail.map((m) => [m.to, m.subject])).toEqual([[email, `Your order ${number} is confirmed`]])
      const timeline = (resent.json() as AdminOrder).timeline
      expect(timeline.slice(-2)).toEqual([
        expect.objectContaining({
          kind: 'note',
          text: 'Gift wrap, please',
          staffEmail: 'fulfilment@example.com',
        }),
        expect.objectContaining({ kind: 'email', text: 'Confirmation e-mail sent to the customer' }),
      ])
      expect(await auditOf('order.note', number)).toHaveLength(1)
      expect(await auditOf('order.resend_confirmation', number)).toHaveLength(1)
    })

    it('adds a note once per key: sent again (a retried request), it answers the order as it is', async () => {
      const { number } = await placed()
      const note = (text: string, key: string, on = number) =>
        call(adminOrderEndpoints.addOrderNote, {
          cookie: cookies.fulfilment,
          number: on,
          body: { key, text },
        })
      const notesOf = (answer: { json(): unknown }) =>
        (answer.json() as AdminOrder).timeline
          .filter((event) => event.kind === 'note')
          .map((event) => event.text)

      const first = await note('Left at the door', `${number}-door`)
      expect(first.statusCode, first.body).toBe(201)
      const again = await note('Left at the door', `${number}-door`)
      expect(again.statusCode, again.body).toBe(201)
      expect(again.json()).toEqual(first.json())
      expect(notesOf(again)).toEqual(['Left at the door'])
      expect(await auditOf('order.note', number)).toHaveLength(1)

      // Sent twice at once with one key: one note.
      const both = await Promise.all([
        note('Rang twice', `${number}-rang`),
        note('Rang twice', `${number}-rang`),
      ])
      expect(both.map((answer) => answer.statusCode)).toEqual([201, 201])
      // Another key is another note, the same words or not.
      const other = await note('Left at the door', `${number}-door-2`)
      expect(notesOf(other)).toEqual(['Left at the door', 'Rang twice', 'Left at the door'])
      expect(await auditOf('order.note', number)).toHaveLength(3)

      // A key names a note of its own order: another order's note with it is added there.
      const elsewhere = await placed()
      const there = await note('Left at the door', `${number}-door`, elsewhere.number)
      expect(there.statusCode, there.body).toBe(201)
      expect(notesOf(there)).toEqual(['Left at the door'])

      // Without a key, as without a refund's, nothing is added.
      const keyless = await call(adminOrderEndpoints.addOrderNote, {
        cookie: cookies.fulfilment,
        number,
        body: { text: 'No key' },
      })
      expect(keyless.statusCode).toBe(400)
      expect(keyless.json()).toEqual({ statusCode: 400, message: expect.stringContaining('key') })
      expect(await auditOf('order.note', number)).toHaveLength(3)
    })
  })

  describe('the confirmation at checkout', () => {
    const timelineOf = async (number: string) =>
      (
        (
          await call(adminOrderEndpoints.getOrder, { cookie: cookies.fulfilment, number })
        ).json() as AdminOrder
      ).timeline

    it('is on the timeline when it went out', async () => {
      const { number } = await placed()
      expect(await timelineOf(number)).toContainEqual(
        expect.objectContaining({
          kind: 'email',
          text: 'Confirmation e-mail sent to the customer',
          staffEmail: null,
        }),
      )
    })

    it('is on the timeline when it could not be sent, so the team knows to send it again', async () => {
      mailDown = true
      const { number } = await placed()
      expect(await timelineOf(number)).toContainEqual(
        expect.objectContaining({
          kind: 'email',
          text: 'Confirmation e-mail to the customer could not be sent',
          staffEmail: null,
        }),
      )
    })
  })

  describe('a write failing part-way', () => {
    const refundsOf = async (number: string) =>
      t.ctx.db
        .selectFrom('test_card_refunds')
        .selectAll()
        .where('idempotency_key', 'like', `${number}-F%`)
        .execute()

    it('a refund the gateway made but the shop could not record is finished later, never refunded twice', async () => {
      const { number } = await placed()
      const line = (await view(number)).lines[0]!
      const body = { key: `${number}-settle`, lines: [{ lineItemId: line.id, quantity: 1 }], restock: true }
      const refund = () => call(adminOrderEndpoints.refundOrder, { cookie: cookies.manager, number, body })
      const letThrough = await failWrites(t.ctx.db, {
        name: 'fail_refund_settle',
        table: 'order_refunds',
        on: 'update',
        when: "new.state = 'completed'",
      })
      const first = await refund()
      await letThrough()
      expect(first.statusCode).toBe(500)
      expect(await refundsOf(number)).toHaveLength(1)
      expect((await refund()).statusCode).toBe(409)

      t.clock.advance(STALE_PROCESSING_MS + 1000)
      const again = await refund()
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toMatchObject({ refundedTotal: 2000, paymentState: 'partially_refunded' })
      expect(again.json().refunds).toEqual([expect.objectContaining({ amount: 2000, state: 'completed' })])
      expect(again.json().lines[0]).toMatchObject({ refundedQuantity: 1, restockedQuantity: 1 })
      expect(await refundsOf(number)).toHaveLength(1)
      expect(await auditOf('order.refund', number)).toHaveLength(1)
    })

    /** A placed order cancelled while the gateway's refund fails: its refund stays 'processing'. */
    async function cancelWithoutGateway(): Promise<string> {
      const { number } = await placed()
      const letThrough = await failWrites(t.ctx.db, {
        name: 'fail_gateway_refund',
        table: 'test_card_refunds',
        on: 'insert',
        when: 'new.amount > 0',
      })
      const cancelled = await call(adminOrderEndpoints.cancelOrder, {
        cookie: cookies.manager,
        number,
        body: {},
      })
      await letThrough()
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json()).toMatchObject({ state: 'canceled', refundedTotal: 0 })
      expect(cancelled.json().refunds).toEqual([expect.objectContaining({ state: 'processing' })])
      return number
    }

    it('a refund whose gateway call failed stays to be asked again, not taken as refused', async () => {
      const number = await cancelWithoutGateway()

      // The order page only reads: a stale refund is not asked for again by looking at it.
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      const seen = await view(number)
      expect(seen.refunds).toEqual([expect.objectContaining({ state: 'processing' })])
      expect(await refundsOf(number)).toEqual([])

      // The background sweep asks the gateway again with the refund's own key and settles it.
      await settleStaleProcessing(t.ctx)
      const order = await view(number)
      expect(order.refunds).toEqual([expect.objectContaining({ state: 'completed' })])
      expect(order).toMatchObject({ paymentState: 'refunded', refundedTotal: order.paidTotal })
      expect(await refundsOf(number)).toHaveLength(1)
    })

    it('the sweep settles every stale refund, whatever fails for one of them', async () => {
      const gatewayDown = await cancelWithoutGateway()
      const settleFails = await cancelWithoutGateway()
      const fine = await cancelWithoutGateway()
      const gatewayFor = await failWrites(t.ctx.db, {
        name: 'fail_one_gateway_refund',
        table: 'test_card_refunds',
        on: 'insert',
        when: `new.idempotency_key like '${gatewayDown}-F%'`,
      })
      const settleOf = (
        await t.ctx.db
          .selectFrom('orders')
          .select('id')
          .where('number', '=', settleFails)
          .executeTakeFirstOrThrow()
      ).id
      const settlingFor = await failWrites(t.ctx.db, {
        name: 'fail_one_refund_settle',
        table: 'order_refunds',
        on: 'update',
        when: `new.state = 'completed' and new.order_id = ${settleOf}`,
      })
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      // Two instances' sweeps at once settle each refund once.
      await Promise.all([settleStaleProcessing(t.ctx), settleStaleProcessing(t.ctx)])
      await gatewayFor()
      await settlingFor()
      expect((await view(gatewayDown)).refunds).toEqual([expect.objectContaining({ state: 'processing' })])
      expect((await view(settleFails)).refunds).toEqual([expect.objectContaining({ state: 'processing' })])
      expect((await view(fine)).refunds).toEqual([expect.objectContaining({ state: 'completed' })])
      expect(await refundsOf(gatewayDown)).toEqual([])
      expect(await refundsOf(settleFails)).toHaveLength(1)

      // Each was taken over by the run that failed, so the next run after the limit asks again.
      await settleStaleProcessing(t.ctx)
      expect((await view(gatewayDown)).refunds).toEqual([expect.objectContaining({ state: 'processing' })])
      t.clock.advance(STALE_PROCESSING_MS + 1000)
      await settleStaleProcessing(t.ctx)
      for (const number of [gatewayDown, settleFails, fine]) {
        const order = await view(number)
        expect(order.refunds).toEqual([expect.objectContaining({ state: 'completed' })])
        expect(order).toMatchObject({ paymentState: 'refunded', refundedTotal: order.paidTotal })
        expect(await refundsOf(number)).toHaveLength(1)
        expect(await auditOf('order.refund', number)).toHaveLength(1)
      }
    })

    it('a resent confirmation is on the timeline only with its audit entry', async () => {
      const { number } = await placed()
      const letThrough = await failWrites(t.ctx.db, {
        name: 'fail_resend_audit',
        table: 'admin_audit',
        on: 'insert',
        when: "new.action = 'order.resend_confirmation'",
      })
      const resent = await call(adminOrderEndpoints.resendConfirmation, {
        cookie: cookies.fulfilment,
        number,
      })
      await letThrough()
      expect(resent.statusCode).toBe(500)
      // Only the confirmation the checkout sent: the resend left no event without its audit entry.
      expect((await view(number)).timeline.filter((event) => event.kind === 'email')).toEqual([
        expect.objectContaining({ text: 'Confirmation e-mail sent to the customer', staffEmail: null }),
      ])
    })
  })
})
