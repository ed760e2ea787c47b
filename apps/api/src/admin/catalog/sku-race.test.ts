/**
 * A SKU taken by another server at the same moment as a save or an import of the back office:
 * both check the catalogue first, but only the unique index sees a row another transaction has
 * not yet committed. PostgreSQL only: SQLite's one connection runs the transactions in turn.
 */
import { adminCatalogEndpoints, adminStockEndpoints } from '@fanshop/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestApp, testDialect } from '../../../tests/test-app.ts'
import type { ShopDatabase } from '../../db/database.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'

let t: TestApp
let manager: string
let other: ShopDatabase

beforeAll(async () => {
  if (testDialect !== 'postgres') return
  const app = await createAdminTestApp()
  t = app.t
  manager = app.cookies.manager
  other = openTestDatabase(t)
})
afterAll(async () => {
  await other?.close()
  await t?.close()
})

/**
 * Runs `write` while another connection holds, uncommitted, a product with `sku`; commits that row
 * once `write` waits on it (the unique index), and answers what `write` answered.
 */
async function whileAnotherSaves<T>(sku: string, write: () => Promise<T>): Promise<T> {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let inserted!: (pid: number) => void
  const holding = new Promise<number>((resolve) => {
    inserted = resolve
  })
  const elsewhere = other.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values({
        type: 'simple',
        name: `Elsewhere ${sku}`,
        slug: `elsewhere-${sku.toLowerCase()}`,
        status: 'draft',
        description: '',
        short_description: '',
        sku,
        regular_price: 1000,
        stock_on_hand: 1,
        stock_sold: 0,
        menu_order: 0,
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute()
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)
    inserted(rows[0]!.pid)
    await released
  })
  await holding
  const answer = write()
  // The write is waiting on the other transaction's row once PostgreSQL says a backend waits on a lock.
  await expect
    .poll(async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'`.execute(
        t.ctx.db,
      )
      return rows[0]!.waiting
    })
    .toBeGreaterThan(0)
  release()
  await elsewhere
  return answer
}

const productsWithSlug = (slug: string) =>
  t.ctx.db.selectFrom('products').select('slug').where('slug', '=', slug).execute()

describe.skipIf(testDialect !== 'postgres')('a SKU another server takes at the same moment', () => {
  it('makes the product save a 409 saying so, and saves nothing', async () => {
    const res = await whileAnotherSaves('RACE-SAVE', () =>
      callEndpoint(t.app, adminCatalogEndpoints.createProduct, {
        cookie: manager,
        body: {
          type: 'simple',
          name: 'Race Save',
          slug: 'race-save',
          sku: 'RACE-SAVE',
          status: 'draft',
          price: '3',
          stock: 1,
        },
      }),
    )
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'Another save took one of these slugs or SKUs at the same moment; save again to see which.',
    })
    expect(await productsWithSlug('race-save')).toEqual([])
  })

  it('makes the import a 409 saying so, and changes nothing', async () => {
    const csv = [
      'product_slug,product_name,status,categories,sku,attributes,price,sale_price,on_hand',
      'race-scarf,Race Scarf,draft,,RACE-IMPORT,,12.00,,4',
    ].join('\n')
    const res = await whileAnotherSaves('RACE-IMPORT', () =>
      callEndpoint(t.app, adminStockEndpoints.importCatalog, { cookie: manager, body: { csv } }),
    )
    expect(res.json()).toEqual({
      statusCode: 409,
      message:
        'A slug or SKU of the file was saved elsewhere while the file was being applied, so nothing was changed: import it again to see which.',
    })
    expect(await productsWithSlug('race-scarf')).toEqual([])
  })
})
