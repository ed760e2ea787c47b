/**
 * A private, empty database for each test of a migration (a temporary SQLite file, or a fresh
 * PostgreSQL schema when TEST_DB=postgres), so the test can migrate it up to a point, write the
 * rows an older shop had, and then migrate on.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach } from 'vitest'
import { openDatabase, type ShopDatabase } from '../src/db/database.ts'
import type { Database } from '../src/db/schema.ts'
import { testDialect, testPgUrl, testSchemaName } from './test-app.ts'

async function onPostgres(query: string) {
  const client = new pg.Client({ connectionString: testPgUrl })
  await client.connect()
  await client.query(query)
  await client.end()
}

/** Opens the database before each test and removes it after; read `database` inside a test. */
export function useMigrationDatabase(): { readonly database: ShopDatabase } {
  let database: ShopDatabase | undefined
  let dataDir: string
  const schema = testSchemaName()
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-migration-'))
    if (testDialect === 'postgres') await onPostgres(`create schema ${schema}`)
    database =
      testDialect === 'postgres'
        ? openDatabase(testPgUrl, { schema })
        : openDatabase(path.join(dataDir, 'shop.sqlite'))
  })
  afterEach(async () => {
    await database?.close()
    if (testDialect === 'postgres') await onPostgres(`drop schema ${schema} cascade`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    get database() {
      if (!database) throw new Error('The migration database opens before each test.')
      return database
    },
  }
}

/** A product with `stockHeld` units counted as held, and a cart to hold them: the rows a hold's migration test starts from. */
export async function insertProductAndCart(
  db: Kysely<Database>,
  stockHeld: number,
): Promise<{ productId: number; orderId: number }> {
  const { id: productId } = await db
    .insertInto('products')
    .values({
      type: 'simple',
      name: 'Migrated Scarf',
      slug: 'migrated-scarf',
      status: 'publish',
      description: '',
      short_description: '',
      sku: 'MIGRATED-SCARF',
      stock_sold: 0,
      regular_price: 1000,
      stock_on_hand: 10,
      stock_held: stockHeld,
      menu_order: 0,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: orderId } = await db
    .insertInto('orders')
    .values({
      number: 'R000000001',
      token: 't',
      state: 'cart',
      expired_items: '[]',
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { productId, orderId }
}
