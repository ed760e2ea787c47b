import { cartEndpoints } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`countries, states, shipping zones and the launch gate on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('lists every country with its ISO code in one page of 999', async () => {
    const res = await t.app.inject('/api/v1/countries?per_page=999')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.count).toBe(250)
    expect(body.countries).toHaveLength(250)
    expect(body).toMatchObject({ current_page: 1, pages: 1, per_page: 999 })
    expect(body.countries).toContainEqual(
      expect.objectContaining({ iso: 'ES', name: 'Spain', iso_name: 'SPAIN', states_required: true }),
    )
    expect(body.countries).toContainEqual(expect.objectContaining({ iso: 'PT', states_required: false }))
    expect(body.countries.map((c: { iso: string }) => c.iso)).not.toContain('EU')
  })

  it('pages through the countries', async () => {
    const res = await t.app.inject('/api/v1/countries?per_page=100&page=3')
    expect(res.json()).toMatchObject({ current_page: 3, pages: 3, count: 250 })
    expect(res.json().countries).toHaveLength(50)
    expect((await t.app.inject('/api/v1/countries?per_page=1000')).statusCode).toBe(400)
  })

  it('lists the states of a country, and none for a country without them', async () => {
    const countries = (await t.app.inject('/api/v1/countries?per_page=999')).json().countries as {
      id: number
      iso: string
    }[]
    const idOf = (iso: string) => countries.find((c) => c.iso === iso)!.id
    const spain = (await t.app.inject(`/api/v1/states?country_id=${idOf('ES')}`)).json()
    expect(spain.states_required).toBe(true)
    expect(spain.states).toHaveLength(52)
    expect(spain.states).toContainEqual({
      id: expect.any(Number),
      name: 'Madrid',
      abbr: 'M',
      country_id: idOf('ES'),
    })
    for (const [iso, count] of [
      ['US', 51],
      ['IT', 107],
      ['CA', 13],
      ['AU', 8],
      ['MX', 32],
      ['BR', 27],
    ] as const) {
      expect((await t.app.inject(`/api/v1/states?country_id=${idOf(iso)}`)).json().states).toHaveLength(count)
    }
    expect((await t.app.inject(`/api/v1/states?country_id=${idOf('PT')}`)).json()).toEqual({
      states: [],
      states_required: false,
    })
  })

  it("reads the countries and a country's states once per instance, for the hour clients may keep them", async () => {
    const fresh = await createTestApp({ seed: false })
    try {
      const reads = vi.spyOn(fresh.ctx.db, 'selectFrom')
      for (let i = 0; i < 3; i++) {
        const countries = await fresh.app.inject('/api/v1/countries?per_page=999')
        expect(countries.headers['cache-control']).toBe('public, max-age=3600')
        const spain = countries.json().countries.find((c: { iso: string }) => c.iso === 'ES')
        const states = await fresh.app.inject(`/api/v1/states?country_id=${spain.id}`)
        expect(states.json().states).toHaveLength(52)
        expect((await fresh.app.inject('/api/v1/states?country_id=999999')).statusCode).toBe(404)
      }
      const tables = reads.mock.calls.map(([table]) => table)
      // The list once, Spain's row and states once; the unknown country, never kept, each time.
      expect(tables.filter((table) => table === 'states')).toHaveLength(1)
      expect(tables.filter((table) => table === 'countries')).toHaveLength(2 + 3)
    } finally {
      await fresh.close()
    }
  })

  it('answers 404 for an unknown country and 400 without one', async () => {
    expect((await t.app.inject('/api/v1/states?country_id=999999')).statusCode).toBe(404)
    const missing = await t.app.inject('/api/v1/states')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/country_id/)
  })

  it('lists the shipping zones with zone 0 for the places the others do not cover', async () => {
    const res = await t.app.inject('/wp-json/wc/v3/shipping/zones')
    expect(res.statusCode).toBe(200)
    const zones = res.json()
    expect(zones).toContainEqual({ id: 0, name: 'Locations not covered by your other zones', order: 999 })
    expect(zones[0]).toEqual({ id: 1, name: 'Spain', order: 1 })
    expect(zones.map((z: { name: string }) => z.name)).toEqual([
      'Spain',
      'Europe',
      'Americas',
      'Asia and Pacific',
      'Rest of the world',
      'Locations not covered by your other zones',
    ])
  })

  it('publishes the store calls in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject('/openapi.json')).json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/orders.json',
        '/api/v1/orders/{number}',
        '/api/v1/orders/{number}/line_items.json',
        '/api/v1/orders/{number}/line_items/{lineItemId}',
        '/api/v1/checkouts/{number}',
        '/api/v1/checkouts/{number}/next.json',
        '/api/v1/orders/{number}/apply_coupon_code',
        '/api/v1/countries',
        '/api/v1/states',
        '/wp-json/wc/v3/shipping/zones',
        '/wp-json/wp/v2/order/list',
      ]),
    )
  })

  it('registers every endpoint of core’s cart table, documented as the table declares it', async () => {
    const doc = (await t.app.inject('/openapi.json')).json()
    for (const endpoint of Object.values(cartEndpoints)) {
      const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()]
      expect(operation, `${endpoint.method} ${endpoint.path}`).toMatchObject({
        summary: endpoint.summary,
        tags: [...endpoint.tags],
      })
    }
    // An order opens with its order_token or its owner's Bearer token; the current cart needs the token.
    expect(doc.paths['/api/v1/orders/{number}'].get.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/v1/orders/current.json'].get.security).toEqual([{ bearer: [] }])
    expect(doc.paths['/api/v1/countries'].get.security).toBeUndefined()
    expect(doc.paths['/api/v1/checkouts/{number}/next.json'].put.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    )
  })
})

describe(`the launch gate on cart writes on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LAUNCH_AT: '2999-01-01T00:00' } })
  })
  afterAll(() => t.close())

  it('refuses to open a cart before the launch without an access grant', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toMatch(/not open yet/)
  })

  it('still answers reads', async () => {
    expect((await t.app.inject('/api/v1/countries?per_page=5')).statusCode).toBe(200)
  })
})
