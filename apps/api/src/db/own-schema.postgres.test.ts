import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPgUrl, testSchemaName } from '../../tests/test-app.ts'
import { openDatabase, type ShopDatabase } from './database.ts'
import { migrateToLatest } from './migrate.ts'

// Several shops (and the tests' files) share one PostgreSQL database, each in its own schema: what
// one of them reads of the database's structure is its own schema's, and another schema created or
// dropped meanwhile neither shows in it nor breaks it.
describe('a shop in its own schema of a shared PostgreSQL database', () => {
  const ours = testSchemaName()
  const other = testSchemaName()
  let admin: pg.Client
  let database: ShopDatabase

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testPgUrl })
    await admin.connect()
    await admin.query(`create schema ${ours}`)
    await admin.query(`create schema ${other}`)
    await admin.query(`create table ${other}.orders (id serial primary key, note text)`)
    database = openDatabase(testPgUrl, { schema: ours })
  })

  afterAll(async () => {
    await database.close()
    await admin.query(`drop schema if exists ${ours} cascade`)
    await admin.query(`drop schema if exists ${other} cascade`)
    await admin.end()
  })

  it('migrates and reads its own tables only', async () => {
    await migrateToLatest(database.db)
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true })
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([ours]))
    expect(tables.map((table) => table.name)).toContain('orders')
    expect(tables.map((table) => table.name)).toContain('kysely_migration')
    const orders = tables.find((table) => table.name === 'orders')!
    expect(orders.columns.find((column) => column.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      isNullable: false,
    })
  })

  it('reads its tables while other schemas come and go', async () => {
    let churning = true
    const churn = (async () => {
      for (let i = 0; churning && i < 400; i++) {
        const schema = testSchemaName()
        await admin.query(`create schema ${schema}`)
        await admin.query(`create table ${schema}.t (id serial primary key)`)
        await admin.query(`drop schema ${schema} cascade`)
      }
    })()
    try {
      for (let i = 0; i < 60; i++) await database.db.introspection.getTables()
    } finally {
      churning = false
      await churn
    }
  })
})
