import { ADDRESS_BOOK_FULL_MESSAGE, ADDRESS_BOOK_LIMIT } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  approvedCard,
  createCart,
  insertProduct,
  insertShopper,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedCart } from '../demo/cart.ts'
import { remember } from './address-book.ts'

describe(`address book on ${testDialect}`, () => {
  let t: TestApp
  let spain: { countryId: number; stateId: number | null }

  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    await seedCart(t.ctx)
    spain = await placeIds(t, 'ES', 'M')
  })
  afterAll(() => t.close())

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    })
  const book = async (token: string) =>
    (await call('GET', '/api/v1/account/addresses', token)).json().addresses as {
      id: number
      label: string
    }[]

  it('keeps, changes and removes a customer’s addresses, and only theirs', async () => {
    const ana = await insertShopper(t)
    const bea = await insertShopper(t)
    expect(await book(ana.token)).toEqual([])
    expect((await call('GET', '/api/v1/account/addresses')).statusCode).toBe(401)

    const address = madridAddress(spain)
    const added = await call('POST', '/api/v1/account/addresses', ana.token, {
      ...address,
      phone: '612 345 678',
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      firstname: 'Ana',
      phone: '612 345 678',
      address2: '',
      label: 'Ana García, Calle Mayor 1, 28013 Madrid, Spain',
    })
    const id = added.json().id

    const changed = await call('PUT', `/api/v1/account/addresses/${id}`, ana.token, {
      ...address,
      phone: '612 345 678',
      address1: 'Gran Vía 2',
    })
    expect(changed.json().label).toBe('Ana García, Gran Vía 2, 28013 Madrid, Spain')
    expect(
      (await call('PUT', `/api/v1/account/addresses/${id}`, bea.token, { ...address, phone: '612 345 678' }))
        .statusCode,
    ).toBe(404)
    expect((await call('DELETE', `/api/v1/account/addresses/${id}`, bea.token)).statusCode).toBe(404)
    expect(await book(bea.token)).toEqual([])

    expect((await call('DELETE', `/api/v1/account/addresses/${id}`, ana.token)).statusCode).toBe(204)
    expect(await book(ana.token)).toEqual([])
  })

  it('is documented from core’s accounts table, every call needing the Bearer token', async () => {
    const paths = (await t.app.inject('/openapi.json')).json().paths
    for (const operation of [
      paths['/api/v1/account/addresses'].get,
      paths['/api/v1/account/addresses'].post,
      paths['/api/v1/account/addresses/{id}'].put,
      paths['/api/v1/account/addresses/{id}'].delete,
    ]) {
      expect(operation).toMatchObject({ tags: ['accounts'], security: [{ bearer: [] }] })
    }
  })

  it('answers what does not fit with a readable 4xx', async () => {
    const ana = await insertShopper(t)
    const wrong = await call('POST', '/api/v1/account/addresses', ana.token, {
      ...madridAddress(spain),
      phone: 'call me maybe',
      zipcode: 'ZZZZZZZZZZ',
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toEqual({
      statusCode: 422,
      message: 'Enter a phone number we can call, such as +34 612 345 678. Enter a valid postcode for Spain.',
    })
    const noState = await call('POST', '/api/v1/account/addresses', ana.token, {
      ...madridAddress(spain),
      state_id: null,
    })
    expect(noState.json().message).toBe('Choose a state or province of Spain.')
    // New York's id with Spain: a state of another country is no state of this one.
    const newYork = await placeIds(t, 'US', 'NY')
    const elsewhere = await call('POST', '/api/v1/account/addresses', ana.token, {
      ...madridAddress(spain),
      state_id: newYork.stateId,
    })
    expect(elsewhere.json()).toEqual({ statusCode: 422, message: 'Choose a state or province of Spain.' })
    expect(await book(ana.token)).toEqual([])
    const empty = await call('POST', '/api/v1/account/addresses', ana.token, {
      ...madridAddress(spain),
      city: ' ',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toMatch('Enter the city.')
  })

  it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses, refusing one more with a readable 422`, async () => {
    const ana = await insertShopper(t)
    const add = (i: number) =>
      call('POST', '/api/v1/account/addresses', ana.token, {
        ...madridAddress(spain),
        address1: `Calle Mayor ${i}`,
      })
    for (let i = 1; i < ADDRESS_BOOK_LIMIT; i++) expect((await add(i)).statusCode).toBe(201)
    // Eight at once for the last place: one gets it.
    const last = await Promise.all(Array.from({ length: 8 }, (_, i) => add(100 + i)))
    expect(last.map((res) => res.statusCode).sort()).toEqual([201, ...Array(7).fill(422)])
    const full = await add(103)
    expect(full.json()).toEqual({ statusCode: 422, message: ADDRESS_BOOK_FULL_MESSAGE })
    expect(await book(ana.token)).toHaveLength(ADDRESS_BOOK_LIMIT)

    // A checkout's new address is not kept in a full book; one already kept moves to the top.
    await remember(t.ctx.db, ana.id, { ...madridAddress(spain), address1: 'Gran Vía 9' }, t.ctx.now() + 1)
    await remember(t.ctx.db, ana.id, { ...madridAddress(spain), address1: 'Calle Mayor 1' }, t.ctx.now() + 2)
    const kept = await book(ana.token)
    expect(kept).toHaveLength(ADDRESS_BOOK_LIMIT)
    expect(kept[0]!.label).toBe('Ana García, Calle Mayor 1, 28013 Madrid, Spain')

    // Removing one makes room again.
    expect((await call('DELETE', `/api/v1/account/addresses/${kept[1]!.id}`, ana.token)).statusCode).toBe(204)
    expect((await add(104)).statusCode).toBe(201)
  })

  it('is filled with the delivery address of each order placed, once', async () => {
    const ana = await insertShopper(t)
    const productId = await insertProduct(t, { price: 1500, stock: 10 })
    const cardMethod = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('method_type', '=', 'credit_card')
      .executeTakeFirstOrThrow()
    for (let round = 0; round < 2; round++) {
      const order = await createCart(t, ana.token)
      await addLine(t, order, productId)
      const q = `order_token=${order.token}`
      const next = () => call('PUT', `/api/v1/checkouts/${order.number}/next.json?${q}`)
      const update = (payload: object) =>
        call('PUT', `/api/v1/checkouts/${order.number}.json?${q}`, undefined, payload)
      await next()
      await update({
        order: { email: ana.email, bill_address_attributes: madridAddress(spain), use_billing: true },
      })
      await next()
      await next()
      await update({
        order: { payments_attributes: [{ payment_method_id: cardMethod.id }] },
        payment_source: { [cardMethod.id]: approvedCard },
      })
      await next()
      expect((await next()).json().state).toBe('complete')
    }
    const addresses = await book(ana.token)
    expect(addresses.map((a) => a.label)).toEqual(['Ana García, Calle Mayor 1, 28013 Madrid, Spain'])
  })
})
