/**
 * A query compiled once runs with new values as if built anew: `in` lists of any length and
 * optional filters left undefined each get their own compiled shape, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'
import { compiledOnce } from './compiled.ts'

const namesOf = compiledOnce((db, ids: readonly number[], name: string | undefined) => {
  let query = db.selectFrom('products').select('name').where('id', 'in', ids)
  if (name !== undefined) query = query.where('name', '=', name)
  return query.orderBy('id')
})

describe('compiledOnce', () => {
  let t: TestApp
  const ids: number[] = []
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    for (const name of ['Compiled A', 'Compiled B', 'Compiled C']) {
      ids.push(await insertProduct(t, { price: 1000, stock: 1, name }))
    }
  })
  afterAll(() => t.close())

  const names = async (list: readonly number[], name?: string) =>
    (await namesOf(t.ctx.db, list, name)).rows.map((row) => row.name)

  it('takes in lists of each length with their own values', async () => {
    expect(await names([ids[0]!])).toEqual(['Compiled A'])
    expect(await names(ids)).toEqual(['Compiled A', 'Compiled B', 'Compiled C'])
    expect(await names([ids[2]!])).toEqual(['Compiled C'])
    expect(await names([ids[1]!, ids[2]!])).toEqual(['Compiled B', 'Compiled C'])
  })

  it('builds an optional filter only when it is given', async () => {
    expect(await names(ids, 'Compiled B')).toEqual(['Compiled B'])
    expect(await names(ids)).toEqual(['Compiled A', 'Compiled B', 'Compiled C'])
    expect(await names(ids, 'Compiled C')).toEqual(['Compiled C'])
  })
})
