/**
 * A LIMIT bound as a parameter on SQLite. SQLite's planner (3.53, as better-sqlite3 12 builds it)
 * reads a bound LIMIT's value when it is an integer, and so marks the statement to be planned again
 * whenever that parameter is bound: every run of a cached statement (db/sqlite-statements.ts's preparedOnce)
 * was parsed and planned anew. better-sqlite3 binds a JavaScript number as a REAL, which the planner
 * cannot use, so the shop paid for the planning and got nothing from it (the product page's slug
 * lookup took 164 µs instead of 62 under load, issue 15). The shop's SQLite dialect writes the LIMIT
 * as `+?`, which the planner does not read: the same program, without the new plan on each run.
 */
import fs from 'node:fs'
import path from 'node:path'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { compiledOnce } from './compiled.ts'
import { limitRows } from './portable.ts'

const namesAfter = compiledOnce((db, first: number, limit: number, offset: number) =>
  db.selectFrom('products').select('name').where('id', '>=', first).orderBy('id').limit(limit).offset(offset),
)

describe.runIf(testDialect === 'sqlite')('a bound LIMIT on SQLite', () => {
  let t: TestApp
  let first = 0
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    for (const name of ['Limit A', 'Limit B', 'Limit C', 'Limit D']) {
      const id = await insertProduct(t, { price: 1000, stock: 1, name })
      first ||= id
    }
  })
  afterAll(() => t.close())

  const builder = (limit: number, offset: number) =>
    t.ctx.db
      .selectFrom('products')
      .select('name')
      .where('id', '>=', first)
      .orderBy('id')
      .limit(limit)
      .offset(offset)

  it('is written as a value the planner does not read, by the builder and by compiled queries', async () => {
    expect(builder(2, 1).compile().sql).toMatch(/ limit \+\? offset \?$/)
    const names = async (limit: number, offset: number) =>
      (await namesAfter(t.ctx.db, first, limit, offset)).rows.map((row) => row.name)
    expect(await names(2, 1)).toEqual(['Limit B', 'Limit C'])
    expect(await names(3, 0)).toEqual(['Limit A', 'Limit B', 'Limit C'])
    expect(await names(0, 0)).toEqual([])
  })

  it('still limits and skips as asked', async () => {
    expect((await builder(2, 1).execute()).map((row) => row.name)).toEqual(['Limit B', 'Limit C'])
    expect((await builder(10, 3).execute()).map((row) => row.name)).toEqual(['Limit D'])
    await expect(
      t.ctx.db
        .updateTable('products')
        .set({ name: 'Limit first' })
        .where('id', '>=', first)
        .limit(1)
        .executeTakeFirst(),
    ).resolves.toMatchObject({ numUpdatedRows: 1n })
  })

  it('runs the program a plain bound LIMIT ran: the planner never had its value', async () => {
    const { sql: text, parameters } = builder(2, 1).compile()
    const program = async (query: string) =>
      (
        await t.ctx.db.executeQuery<{ opcode: string; p1: number; p2: number; p3: number; p4: unknown }>(
          CompiledQuery.raw(`explain ${query}`, [...parameters]),
        )
      ).rows.map(({ opcode, p1, p2, p3, p4 }) => `${opcode} ${p1} ${p2} ${p3} ${p4}`)
    expect(await program(text)).toEqual(await program(text.replace('limit +?', 'limit ?')))
    const { rows } = await t.ctx.db.executeQuery<{ type: string }>(
      CompiledQuery.raw('select typeof(?) as type', [2]),
    )
    expect(rows[0]?.type).toBe('real')
  })

  it('is written the same way in a raw query, and no raw query binds a LIMIT of its own', async () => {
    const raw = (rows: number) =>
      sql<{
        name: string
      }>`select name from products where id >= ${first} order by id ${limitRows('sqlite', rows)}`
    expect(raw(2).compile(t.ctx.db).sql).toMatch(/ limit \+\?$/)
    expect((await raw(2).execute(t.ctx.db)).rows).toHaveLength(2)
    expect((await raw(3).execute(t.ctx.db)).rows).toHaveLength(3)

    const sources = fs
      .readdirSync(path.resolve(import.meta.dirname, '..'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'db/portable.ts')
    const bound = sources.filter((file) =>
      /\blimit \$\{/i.test(fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8')),
    )
    expect(bound).toEqual([])
  })
})
