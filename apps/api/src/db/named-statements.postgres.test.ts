/**
 * Statements prepared once on PostgreSQL (named-statements.ts): the shop's reads and writes are
 * parsed once per connection and then only bound and executed, DDL and transaction control are
 * not kept, a connection keeps a bounded number, and a column added while the shop runs neither
 * breaks a prepared `select *` for good nor loses a write.
 */
import { type Generated, type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPgUrl, testSchemaName } from '../../tests/test-app.ts'
import { openDatabase, type ShopDatabase } from './database.ts'
import { NamedStatementsClient } from './named-statements.ts'

const schema = testSchemaName()
let admin: pg.Client
let database: ShopDatabase

/** What the shop's one connection has prepared, by text. */
async function prepared(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
    database.db,
  )
  return rows.map((row) => row.statement)
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: testPgUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  database = openDatabase(testPgUrl, { schema, poolSize: 1 })
  await sql`create table notes (id serial primary key, body text not null)`.execute(database.db)
})

afterAll(async () => {
  await database.close()
  await admin.query(`drop schema if exists ${schema} cascade`)
  await admin.end()
})

describe('statements prepared once on PostgreSQL', () => {
  it('prepares each read and write once on its connection, and neither DDL nor transaction control', async () => {
    const db = database.db as unknown as Kysely<{ notes: { id: Generated<number>; body: string } }>
    const insert = (body: string) => db.insertInto('notes').values({ body }).execute()
    const bodies = () => db.selectFrom('notes').select('body').where('body', 'like', 'first%').execute()
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'first' }).execute()
    })
    await insert('first again')
    expect((await bodies()).map((row) => row.body)).toEqual(['first', 'first again'])
    expect((await bodies()).length).toBe(2)

    const statements = await prepared()
    const compiled = [
      db.insertInto('notes').values({ body: '' }).compile().sql,
      db.selectFrom('notes').select('body').where('body', 'like', '').compile().sql,
    ]
    for (const text of compiled) expect(statements.filter((s) => s === text)).toHaveLength(1)
    expect(statements.some((s) => /^\s*(begin|commit|create)/i.test(s))).toBe(false)
  })

  it('answers a prepared select * with a column added since, on its own and in the next transaction', async () => {
    const all = sql<Record<string, unknown>>`select * from notes where id = ${1}`
    expect(Object.keys((await all.execute(database.db)).rows[0]!)).toEqual(['id', 'body'])

    await admin.query(`alter table ${schema}.notes add column pinned boolean not null default false`)
    expect((await all.execute(database.db)).rows[0]).toEqual({ id: 1, body: 'first', pinned: false })

    const inTransaction = sql<Record<string, unknown>>`select * from notes where id = ${2}`
    expect((await inTransaction.execute(database.db)).rows).toHaveLength(1)
    await admin.query(`alter table ${schema}.notes add column color text`)
    const run = () =>
      database.db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${'written in the transaction'})`.execute(trx)
        return (await inTransaction.execute(trx)).rows[0]
      })
    await expect(run()).rejects.toThrow('cached plan must not change result type')
    expect(await run()).toEqual({ id: 2, body: 'first again', pinned: false, color: null })
    const written = await sql<{
      n: number
    }>`select count(*)::int as n from notes where body = ${'written in the transaction'}`.execute(database.db)
    expect(written.rows[0]!.n).toBe(1)
  })

  it('prepares a statement that failed to parse once its table exists', async () => {
    const later = sql`select count(*)::int as n from later_notes`
    await expect(later.execute(database.db)).rejects.toThrow(/later_notes/)
    await sql`create table later_notes (id serial primary key)`.execute(database.db)
    expect((await later.execute(database.db)).rows).toEqual([{ n: 0 }])
  })

  it('keeps at most the given number of texts on a connection, and runs the rest unnamed', async () => {
    const client = new NamedStatementsClient({ connectionString: testPgUrl, statementNames: 2 })
    await client.connect()
    try {
      for (const n of [1, 2, 3, 4]) expect((await client.query(`select ${n} as n`, [])).rows).toEqual([{ n }])
      await client.query('select 1 as n', [])
      const { rows } = await client.query(
        'select statement from pg_prepared_statements order by statement',
        [],
      )
      expect(rows.map((row: { statement: string }) => row.statement)).toEqual([
        'select 1 as n',
        'select 2 as n',
      ])
    } finally {
      await client.end()
    }
  })
})
