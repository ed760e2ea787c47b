import {
  type AdminEndpoint,
  adminCatalogEndpoints,
  adminEndpoints,
  adminStockEndpoints,
  belowCommittedMessage,
  roleCan,
  STALE_PRODUCT,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart } from '../../../tests/cart.ts'
import type { TestApp } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff, type EndpointCall } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

/** An endpoint called as the manager unless `cookie` says otherwise ('' for no session). */
const call = (endpoint: AdminEndpoint, options: EndpointCall = {}) =>
  callEndpoint(t.app, endpoint, { ...options, cookie: options.cookie ?? cookies.manager })

async function auditOf(action: string) {
  const res = await call(adminEndpoints.audit, { cookie: cookies.owner, query: `action=${action}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items as { staffEmail: string; entityId: string; before: unknown; after: unknown }[]
}

const shopProduct = (slug: string) => t.app.inject({ url: `/wp-json/wc/v3/products/${slug}` })

/** Colour and size terms of the demo catalogue, by name. */
async function terms() {
  const res = await call(adminCatalogEndpoints.catalogueOptions)
  expect(res.statusCode, res.body).toBe(200)
  const options = res.json() as {
    categories: { id: number; name: string }[]
    attributes: { id: number; name: string; terms: { id: number; name: string }[] }[]
    sizeGuides: { id: number }[]
  }
  const term = (attribute: string, name: string) =>
    options.attributes.find((a) => a.name === attribute)!.terms.find((x) => x.name === name)!.id
  return { options, term }
}

async function variableProduct(slug: string, overrides: Record<string, unknown> = {}) {
  const { options, term } = await terms()
  return {
    type: 'variable',
    name: `Admin Tee ${slug}`,
    slug,
    description: '<p>Heavy <strong>cotton</strong>.</p><script>alert(1)</script>',
    shortDescription: '<ul><li>100% cotton</li></ul>',
    status: 'published',
    categories: [options.categories.find((c) => c.name === 'T-Shirts')!.id],
    sizeGuideId: options.sizeGuides[0]!.id,
    variations: [
      { terms: [term('Colour', 'Black'), term('Size', 'M')], sku: `${slug}-BM`, price: '30.00', stock: 4 },
      {
        terms: [term('Colour', 'Black'), term('Size', 'L')],
        sku: `${slug}-BL`,
        price: '30',
        salePrice: '25.5',
        stock: 0,
      },
    ],
    ...overrides,
  }
}

// 401 and 403 by role for every catalogue endpoint: admin.test.ts, for every back office endpoint.
describe('who may use the catalogue endpoints', () => {
  it('asks for the catalogue permission, which neither fulfilment nor the editor has', () => {
    for (const endpoint of Object.values(adminCatalogEndpoints)) expect(endpoint.permission).toBe('catalogue')
    expect(roleCan('fulfilment', 'catalogue')).toBe(false)
    expect(roleCan('editor', 'catalogue')).toBe(false)
  })
})

describe('creating and editing products', () => {
  it('creates a variable product with its matrix and stock, cleans its HTML, audits it, and the shop shows it', async () => {
    const res = await call(adminCatalogEndpoints.createProduct, { body: await variableProduct('admin-tee') })
    expect(res.statusCode, res.body).toBe(201)
    const product = res.json()
    expect(product.status).toBe('published')
    expect(product.description).toBe('<p>Heavy <strong>cotton</strong>.</p>')
    expect(product.variations.map((v: { label: string }) => v.label)).toEqual(['Black, M', 'Black, L'])
    expect(product.variations[1]).toMatchObject({ price: '30.00', salePrice: '25.50', active: true })
    expect(product.variations[0].stock).toEqual({ onHand: 4, sold: 0, held: 0, available: 4 })

    const [entry] = await auditOf('product.create')
    expect(entry).toMatchObject({ staffEmail: demoStaff('manager').email, entityId: String(product.id) })
    expect(entry!.after).toMatchObject({ slug: 'admin-tee' })

    const shop = await shopProduct('admin-tee')
    expect(shop.statusCode, shop.body).toBe(200)
    const json = shop.json()
    expect(json.type).toBe('variable')
    expect(json.stock_quantity).toBe(4)
    expect(json.variations).toHaveLength(2)
    expect(json.categories.map((c: { name: string }) => c.name)).toEqual(['T-Shirts'])
    expect(json.size_guide).not.toBeNull()
    expect(json.description).not.toContain('script')
  })

  it('refuses a slug that is taken with 409', async () => {
    const res = await call(adminCatalogEndpoints.createProduct, {
      body: await variableProduct('admin-tee', { name: 'Another' }),
    })
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'The slug "admin-tee" is taken by another product; choose another.',
    })
  })

  it('answers bad input with 4xx and a message: a bad slug, a sale above the price, an unknown category', async () => {
    const badSlug = await call(adminCatalogEndpoints.createProduct, {
      body: await variableProduct('Not A Slug'),
    })
    expect(badSlug.statusCode).toBe(400)
    expect(badSlug.json().message).toMatch(/slug/)
    const simple = {
      type: 'simple',
      name: 'Sticker',
      slug: 'admin-sticker',
      sku: 'ADMIN-STICKER',
      status: 'draft',
      price: '3.00',
      salePrice: '4.00',
      stock: 10,
    }
    const sale = await call(adminCatalogEndpoints.createProduct, { body: simple })
    expect(sale.statusCode).toBe(400)
    expect(sale.json().message).toBe('Invalid body parameter "salePrice": must be below the price')
    const unknown = await call(adminCatalogEndpoints.createProduct, {
      body: { ...simple, salePrice: undefined, categories: [999_999] },
    })
    expect(unknown.json()).toEqual({ statusCode: 422, message: 'There is no category with id 999999.' })
    const scheduled = await call(adminCatalogEndpoints.createProduct, {
      body: { ...simple, salePrice: undefined, status: 'scheduled' },
    })
    expect(scheduled.statusCode).toBe(400)
    expect(scheduled.json().message).toMatch(/publishAt/)
  })

  it('refuses a matrix that repeats a combination', async () => {
    const { term } = await terms()
    const cell = { terms: [term('Colour', 'Black'), term('Size', 'M')], price: '10', stock: 1 }
    const res = await call(adminCatalogEndpoints.createProduct, {
      body: await variableProduct('admin-repeat', {
        variations: [
          { ...cell, sku: 'REPEAT-1' },
          { ...cell, sku: 'REPEAT-2' },
        ],
      }),
    })
    expect(res.json()).toEqual({ statusCode: 422, message: "Variation 2 repeats another variation's terms." })
  })

  it('edits: a variation left out is taken off sale, stock never below what was sold', async () => {
    const created = (
      await call(adminCatalogEndpoints.createProduct, { body: await variableProduct('admin-edit') })
    ).json()
    const [first, second] = created.variations
    const body = await variableProduct('admin-edit', {
      name: 'Admin Tee renamed',
      variations: [{ id: first.id, terms: first.terms, sku: first.sku, price: '28.00', stock: 9 }],
    })
    const res = await call(adminCatalogEndpoints.updateProduct, { params: { id: created.id }, body })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json()
    expect(updated.name).toBe('Admin Tee renamed')
    expect(updated.variations.find((v: { id: number }) => v.id === second.id).active).toBe(false)
    expect(updated.variations.find((v: { id: number }) => v.id === first.id).stock.onHand).toBe(9)
    expect((await shopProduct('admin-edit')).json().variations).toHaveLength(1)
    const [entry] = await auditOf('product.update')
    expect(entry!.before).toMatchObject({ name: 'Admin Tee admin-edit' })
    expect(entry!.after).toMatchObject({ name: 'Admin Tee renamed' })

    await t.ctx.db.updateTable('products').set({ stock_sold: 3 }).where('id', '=', first.id).execute()
    const below = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...body, variations: [{ ...body.variations[0], stock: 2 }] },
    })
    expect(below.json()).toEqual({ statusCode: 409, message: belowCommittedMessage(3, 'Black, M') })
    const unknown = await call(adminCatalogEndpoints.updateProduct, { params: { id: 999_999 }, body })
    expect(unknown.statusCode).toBe(404)
  })

  it('never sets on hand below what carts hold and orders sold (409, as the stock page), changing nothing', async () => {
    const simple = {
      type: 'simple',
      name: 'Held Sticker',
      slug: 'admin-held-sticker',
      sku: 'ADMIN-HELD-STICKER',
      status: 'published',
      price: '3.00',
      stock: 5,
    }
    const created = (await call(adminCatalogEndpoints.createProduct, { body: simple })).json()
    expect((await addLine(t, await createCart(t), created.id, 3)).statusCode).toBe(201)
    const below = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, name: 'Held Sticker renamed', stock: 1 },
    })
    expect(below.json()).toEqual({ statusCode: 409, message: belowCommittedMessage(3) })
    const kept = (await call(adminCatalogEndpoints.product, { params: { id: created.id } })).json()
    expect(kept).toMatchObject({ name: 'Held Sticker', stock: { onHand: 5, held: 3, sold: 0 } })
    const exactly = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, stock: 3 },
    })
    expect(exactly.json().stock).toEqual({ onHand: 3, held: 3, sold: 0, available: 0 })

    const variable = (
      await call(adminCatalogEndpoints.createProduct, { body: await variableProduct('admin-held') })
    ).json()
    const [first, second] = variable.variations
    expect((await addLine(t, await createCart(t), first.id, 2)).statusCode).toBe(201)
    const cells = (stock: number) => [
      { id: first.id, terms: first.terms, sku: first.sku, price: '30', stock },
      { id: second.id, terms: second.terms, sku: second.sku, price: '30', stock: 7 },
    ]
    const refused = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: variable.id },
      body: await variableProduct('admin-held', { variations: cells(1) }),
    })
    expect(refused.json()).toEqual({ statusCode: 409, message: belowCommittedMessage(2, 'Black, M') })
    const after = (await call(adminCatalogEndpoints.product, { params: { id: variable.id } })).json()
    expect(after.variations.map((v: { stock: { onHand: number } }) => v.stock.onHand)).toEqual([4, 0])
  })

  it('gives back holds that ran out before refusing a lower on hand', async () => {
    const simple = {
      type: 'simple',
      name: 'Lapsed',
      slug: 'admin-lapsed',
      sku: 'ADMIN-LAPSED',
      status: 'published',
      price: '3',
      stock: 3,
    }
    const created = (await call(adminCatalogEndpoints.createProduct, { body: simple })).json()
    expect((await addLine(t, await createCart(t), created.id, 3)).statusCode).toBe(201)
    t.clock.advance(61 * 60 * 1000)
    const res = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, stock: 0 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().stock).toEqual({ onHand: 0, held: 0, sold: 0, available: 0 })
  })

  it('refuses (409) a save made from a copy older than a stock adjustment, which is kept', async () => {
    const adjust = (id: number, quantity: number) =>
      call(adminStockEndpoints.adjustStock, {
        cookie: cookies.owner,
        params: { id },
        body: { reason: 'received', quantity, note: 'Delivery' },
      })
    const simple = {
      type: 'simple',
      name: 'Stale',
      slug: 'admin-stale',
      sku: 'ADMIN-STALE',
      status: 'published',
      price: '3',
      stock: 1,
    }
    const created = (await call(adminCatalogEndpoints.createProduct, { body: simple })).json()
    const opened = (await call(adminCatalogEndpoints.product, { params: { id: created.id } })).json()
    t.clock.advance(1000)
    expect((await adjust(created.id, 10)).statusCode).toBe(200)
    const stale = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, name: 'Stale renamed', updatedAt: opened.updatedAt },
    })
    expect(stale.json()).toEqual({ statusCode: 409, message: STALE_PRODUCT })
    const kept = (await call(adminCatalogEndpoints.product, { params: { id: created.id } })).json()
    expect(kept).toMatchObject({ name: 'Stale', stock: { onHand: 11 } })
    const fresh = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, stock: 12, updatedAt: kept.updatedAt },
    })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect(fresh.json().stock.onHand).toBe(12)
    // A caller that sends no version saves as before.
    t.clock.advance(1000)
    const legacy = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: { ...simple, stock: 13 },
    })
    expect(legacy.json().stock.onHand).toBe(13)

    const variable = (
      await call(adminCatalogEndpoints.createProduct, { body: await variableProduct('admin-stale-tee') })
    ).json()
    t.clock.advance(1000)
    expect((await adjust(variable.variations[0].id, 10)).statusCode).toBe(200)
    const cells = variable.variations.map(
      (v: { id: number; terms: number[]; sku: string; stock: { onHand: number } }) => ({
        id: v.id,
        terms: v.terms,
        sku: v.sku,
        price: '30',
        stock: v.stock.onHand,
      }),
    )
    const staleTee = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: variable.id },
      body: await variableProduct('admin-stale-tee', { variations: cells, updatedAt: variable.updatedAt }),
    })
    expect(staleTee.json()).toEqual({ statusCode: 409, message: STALE_PRODUCT })
    const tee = (await call(adminCatalogEndpoints.product, { params: { id: variable.id } })).json()
    expect(tee.variations[0].stock.onHand).toBe(14)
  })

  it('brings back a variation taken off sale when its terms are put back without its id', async () => {
    const { term } = await terms()
    const blackM = [term('Colour', 'Black'), term('Size', 'M')]
    const whiteM = [term('Colour', 'White'), term('Size', 'M')]
    const created = (
      await call(adminCatalogEndpoints.createProduct, {
        body: await variableProduct('admin-back', {
          variations: [
            { terms: blackM, sku: 'BACK-BM', price: '30', stock: 4 },
            { terms: whiteM, sku: 'BACK-WM', price: '30', stock: 6 },
          ],
        }),
      })
    ).json()
    const [black, white] = created.variations
    await t.ctx.db.updateTable('products').set({ stock_sold: 2 }).where('id', '=', white.id).execute()
    const blackCell = { id: black.id, terms: blackM, sku: 'BACK-BM', price: '30', stock: 4 }
    const removed = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-back', { variations: [blackCell] }),
    })
    expect(removed.statusCode, removed.body).toBe(200)
    const back = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-back', {
        variations: [blackCell, { terms: whiteM, sku: 'BACK-WM2', price: '32', stock: 9 }],
      }),
    })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().variations).toMatchObject([
      { id: black.id, active: true },
      { id: white.id, active: true, sku: 'BACK-WM2', price: '32.00', stock: { onHand: 9, sold: 2 } },
    ])
    expect((await shopProduct('admin-back')).json().variations).toHaveLength(2)

    const swapped = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-back', {
        variations: [
          { ...blackCell, terms: whiteM },
          { id: white.id, terms: blackM, sku: 'BACK-WM2', price: '32', stock: 9 },
        ],
      }),
    })
    expect(swapped.json()).toEqual({
      statusCode: 422,
      message: `Variation ${black.id} is Black, M: a variation keeps its terms; leave its id out to add White, M.`,
    })
  })

  it("names and slugs a variation in the shop's order of attributes, whatever order its terms come in", async () => {
    const { term } = await terms()
    const res = await call(adminCatalogEndpoints.createProduct, {
      body: await variableProduct('admin-order', {
        variations: [
          { terms: [term('Size', 'M'), term('Colour', 'Black')], sku: 'ORDER-MB', price: '30', stock: 1 },
        ],
      }),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().variations[0].label).toBe('Black, M')
    const [variation] = (await shopProduct('admin-order')).json().variations
    const row = await t.ctx.db
      .selectFrom('products')
      .select(['name', 'slug'])
      .where('id', '=', variation.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Admin Tee admin-order - Black, M', slug: 'admin-order-black-m' })
  })

  it("refuses (409) a SKU another row holds, letter case aside, and lets a product's rows swap theirs", async () => {
    const { term } = await terms()
    const blackM = [term('Colour', 'Black'), term('Size', 'M')]
    const whiteM = [term('Colour', 'White'), term('Size', 'M')]
    const simple = {
      type: 'simple',
      name: 'Sku Sticker',
      slug: 'admin-sku-sticker',
      sku: 'ett-tee-black-xs',
      status: 'draft',
      price: '3',
      stock: 1,
    }
    const taken = await call(adminCatalogEndpoints.createProduct, { body: simple })
    expect(taken.json()).toEqual({
      statusCode: 409,
      message: 'The SKU "ETT-TEE-BLACK-XS" is taken by Extra Time Tour Tee - Black, XS; choose another.',
    })
    const parent = await call(adminCatalogEndpoints.createProduct, { body: { ...simple, sku: 'Ett-Tee' } })
    expect(parent.json().message).toBe('The SKU "ETT-TEE" is taken by Extra Time Tour Tee; choose another.')
    expect((await shopProduct('admin-sku-sticker')).statusCode).toBe(404)

    const created = (
      await call(adminCatalogEndpoints.createProduct, {
        body: await variableProduct('admin-sku-swap', {
          sku: 'SWAP',
          variations: [
            { terms: blackM, sku: 'SWAP-1', price: '30', stock: 4 },
            { terms: whiteM, sku: 'SWAP-2', price: '30', stock: 6 },
          ],
        }),
      })
    ).json()
    const [black, white] = created.variations
    const cells = (blackSku: string, whiteSku: string) => [
      { id: black.id, terms: blackM, sku: blackSku, price: '30', stock: 4 },
      { id: white.id, terms: whiteM, sku: whiteSku, price: '30', stock: 6 },
    ]
    const swapped = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-sku-swap', { sku: 'SWAP-1', variations: cells('SWAP-2', 'SWAP') }),
    })
    expect(swapped.statusCode, swapped.body).toBe(200)
    expect(swapped.json()).toMatchObject({ sku: 'SWAP-1', variations: [{ sku: 'SWAP-2' }, { sku: 'SWAP' }] })
    // The file finds each row by its new SKU.
    const exported = await call(adminStockEndpoints.exportCatalog)
    expect(exported.body).toMatch(/,SWAP-2,colour:Black\|size:M,/)
    expect(exported.body).toMatch(/,SWAP,colour:White\|size:M,/)

    // A variation taken off sale keeps its SKU: a new one may not take it.
    const removed = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-sku-swap', {
        sku: 'SWAP-1',
        variations: cells('SWAP-2', 'SWAP').slice(0, 1),
      }),
    })
    expect(removed.statusCode, removed.body).toBe(200)
    const blackL = [term('Colour', 'Black'), term('Size', 'L')]
    const reused = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: created.id },
      body: await variableProduct('admin-sku-swap', {
        sku: 'SWAP-1',
        variations: [
          ...cells('SWAP-2', 'SWAP').slice(0, 1),
          { terms: blackL, sku: 'swap', price: '30', stock: 1 },
        ],
      }),
    })
    expect(reused.json()).toEqual({
      statusCode: 409,
      message: 'The SKU "SWAP" is taken by a variation of this product taken off sale; choose another.',
    })
  })

  it('keeps a draft out of the shop, and shows a scheduled product from its time on', async () => {
    const at = new Date(t.clock.now + 60 * 60 * 1000).toISOString()
    const res = await call(adminCatalogEndpoints.createProduct, {
      body: await variableProduct('admin-later', { status: 'scheduled', publishAt: at }),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ status: 'scheduled', publishAt: at })
    expect((await shopProduct('admin-later')).statusCode).toBe(404)
    const cart = await createCart(t)
    const variation = res.json().variations[0].id
    expect((await addLine(t, cart, variation)).statusCode).toBe(404)
    t.clock.advance(61 * 60 * 1000)
    expect((await shopProduct('admin-later')).statusCode).toBe(200)
    expect((await addLine(t, cart, variation)).statusCode).toBe(201)
    const read = await call(adminCatalogEndpoints.product, { params: { id: res.json().id } })
    expect(read.json().status).toBe('published')
  })

  it("sets a product's limit per fan, to which the shop holds its sizes together, and takes it off", async () => {
    const body = await variableProduct('admin-capped', { perFanLimit: 2 })
    body.variations[1]!.stock = 5
    const res = await call(adminCatalogEndpoints.createProduct, { body })
    expect(res.statusCode, res.body).toBe(201)
    const product = res.json()
    expect(product.perFanLimit).toBe(2)
    expect((await shopProduct('admin-capped')).json().max_per_fan).toBe(2)
    const [sizeM, sizeL] = product.variations.map((v: { id: number }) => v.id)
    const cart = await createCart(t)
    expect((await addLine(t, cart, sizeM, 2)).statusCode).toBe(201)
    const over = await addLine(t, cart, sizeL)
    expect(over.json()).toEqual({
      statusCode: 422,
      message: 'This item is limited to 2 per fan.',
      limit: { kind: 'per-fan', max: 2 },
    })

    const edited = await call(adminCatalogEndpoints.updateProduct, {
      params: { id: product.id },
      body: { ...body, perFanLimit: '', updatedAt: product.updatedAt },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().perFanLimit).toBeNull()
    expect((await shopProduct('admin-capped')).json()).not.toHaveProperty('max_per_fan')
    expect((await addLine(t, cart, sizeL)).statusCode).toBe(201)

    for (const perFanLimit of [0, 1000, 1.5, 'one']) {
      const bad = await call(adminCatalogEndpoints.createProduct, {
        body: await variableProduct('admin-capped-bad', { perFanLimit }),
      })
      expect(bad.json()).toEqual({
        statusCode: 400,
        message:
          'Invalid body parameter "perFanLimit": must be empty (no limit) or a whole number from 1 to 999',
      })
    }
  })
})

describe('the products list and bulk publishing', () => {
  it('searches, filters, sorts and pages in the API, and refuses a bad query', async () => {
    const page = await call(adminCatalogEndpoints.listProducts, { query: 'per_page=5&sort=name&order=asc' })
    expect(page.statusCode, page.body).toBe(200)
    const body = page.json()
    expect(body.items).toHaveLength(5)
    expect(body.total).toBeGreaterThan(25)
    const names = body.items.map((item: { name: string }) => item.name.toLowerCase())
    expect(names).toEqual([...names].sort())

    const foundRes = await call(adminCatalogEndpoints.listProducts, { query: 'search=admin%20tee' })
    expect(foundRes.statusCode, foundRes.body).toBe(200)
    const found = foundRes.json()
    expect(found.items.map((i: { slug: string }) => i.slug)).toContain('admin-tee')
    const soldOutRes = await call(adminCatalogEndpoints.listProducts, { query: 'stock=outofstock' })
    expect(soldOutRes.statusCode, soldOutRes.body).toBe(200)
    const soldOut = soldOutRes.json()
    expect(soldOut.items.length).toBeGreaterThan(0)
    for (const item of soldOut.items) expect(item).toMatchObject({ available: 0, stockState: 'outofstock' })
    const lowRes = await call(adminCatalogEndpoints.listProducts, { query: 'stock=low&sort=stock' })
    expect(lowRes.statusCode, lowRes.body).toBe(200)
    const low = lowRes.json()
    for (const item of low.items) expect(item.available).toBeGreaterThan(0)
    for (const item of low.items) expect(item.available).toBeLessThanOrEqual(5)

    const bad = await call(adminCatalogEndpoints.listProducts, { query: 'sort=colour&per_page=1000' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/sort|per_page/) })
  })

  it('sorts by name folding case and accents on both databases, equal names by id, page after page', async () => {
    // lower() folds ASCII only on SQLite (and orders bytes under a C collation): "Émile" came after "zed".
    const names = ['zed', 'Émile', 'apple', 'Ångström', 'emile'].map((name) => `${name} foldsort`)
    const ids = new Map<string, number>()
    for (const [i, name] of names.entries()) {
      const body = {
        type: 'simple',
        name,
        slug: `admin-foldsort-${i}`,
        sku: `FOLDSORT-${i}`,
        status: 'draft',
        price: '3',
        stock: 1,
      }
      const res = await call(adminCatalogEndpoints.createProduct, { body })
      expect(res.statusCode, res.body).toBe(201)
      ids.set(name, res.json().id)
    }
    const listed = async (order: 'asc' | 'desc', page = 1, perPage = 10) => {
      const res = await call(adminCatalogEndpoints.listProducts, {
        query: `search=foldsort&sort=name&order=${order}&page=${page}&per_page=${perPage}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().items as { name: string }[]).map((item) => item.name.replace(' foldsort', ''))
    }
    // "Émile" and "emile" fold alike: the one made first comes first ascending, last descending.
    const ascending = ['Ångström', 'apple', 'Émile', 'emile', 'zed']
    expect(ids.get('Émile foldsort')).toBeLessThan(ids.get('emile foldsort')!)
    expect(await listed('asc')).toEqual(ascending)
    expect(await listed('desc')).toEqual([...ascending].reverse())
    // The pages follow the same order: none repeats or skips a product.
    const paged = [
      ...(await listed('asc', 1, 2)),
      ...(await listed('asc', 2, 2)),
      ...(await listed('asc', 3, 2)),
    ]
    expect(paged).toEqual(ascending)
  })

  it('unpublishes and publishes the selected products, audited; the shop follows', async () => {
    const { id } = (
      await call(adminCatalogEndpoints.product, { params: { id: await idOf('admin-tee') } })
    ).json()
    const off = await call(adminCatalogEndpoints.productStatus, { body: { ids: [id], status: 'draft' } })
    expect(off.json()).toEqual({ updated: 1 })
    expect((await shopProduct('admin-tee')).statusCode).toBe(404)
    const drafts = (await call(adminCatalogEndpoints.listProducts, { query: 'status=draft' })).json()
    expect(drafts.items.map((i: { id: number }) => i.id)).toContain(id)
    const [entry] = await auditOf('product.unpublish')
    expect(entry).toMatchObject({ entityId: String(id), after: [{ id, status: 'draft' }] })

    await call(adminCatalogEndpoints.productStatus, { body: { ids: [id], status: 'published' } })
    expect((await shopProduct('admin-tee')).statusCode).toBe(200)
    const missing = await call(adminCatalogEndpoints.productStatus, {
      body: { ids: [id, 999_999], status: 'draft' },
    })
    expect(missing.json()).toEqual({ statusCode: 404, message: 'There is no product with id 999999.' })
    const empty = await call(adminCatalogEndpoints.productStatus, { body: { ids: [], status: 'draft' } })
    expect(empty.statusCode).toBe(400)
  })
})

describe('attribute terms', () => {
  it('adds a colour once, audited', async () => {
    const { options } = await terms()
    const colour = options.attributes.find((a) => a.name === 'Colour')!
    const res = await call(adminCatalogEndpoints.createTerm, {
      params: { id: colour.id },
      body: { name: 'Teal' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const again = await call(adminCatalogEndpoints.createTerm, {
      params: { id: colour.id },
      body: { name: 'teal' },
    })
    expect(again.json()).toEqual({ statusCode: 409, message: 'Colour already has "teal".' })
    // A name the catalogue file could not write back (`colour:Black|size:M`) is refused.
    for (const name of ['Black|White', 'Ink: Blue']) {
      const refused = await call(adminCatalogEndpoints.createTerm, {
        params: { id: colour.id },
        body: { name },
      })
      expect(refused.json()).toEqual({
        statusCode: 400,
        message:
          'Invalid body parameter "name": must not hold | or :, which separate terms in the catalogue file',
      })
    }
    const [entry] = await auditOf('attribute.term.create')
    expect(entry).toMatchObject({ entityId: String(colour.id), after: { name: 'Teal' } })
  })
})

async function idOf(slug: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow()
  return row.id
}
