import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialect } from '../../tests/test-app.ts'
import { preparedOnce } from './sqlite-statements.ts'

// Kysely's SQLite connection as the shop opens it: each text prepared once, a read's rows made into
// objects from arrays. What it answers must be what better-sqlite3's own objects are, key for key
// and in the same order, for every shape of read the shop writes.
describe.runIf(testDialect === 'sqlite')('SQLite statements prepared once, rows made from arrays', () => {
  let database: SQLite.Database
  beforeEach(() => {
    database = new SQLite(':memory:')
    database.exec(`create table products (id integer primary key, parent_id integer, name text,
      price integer, picture blob, weight real);
      insert into products values (1, null, 'Tee', 2499, x'0102', 0.25), (2, 1, 'Tee, S', 2499, null, null),
        (3, 1, 'Tee, M', 2599, null, 0.3);
      create table media (id integer primary key, product_id integer, name text);
      insert into media values (10, 1, 'front'), (11, 1, 'back');`)
  })
  afterEach(() => database.close())

  /** The rows as the shop's connection reads them, beside better-sqlite3's own. */
  function bothReads(text: string, parameters: unknown[] = []) {
    const shop = preparedOnce(database).prepare(text).all(parameters) as Record<string, unknown>[]
    const own = database.prepare(text).all(parameters) as Record<string, unknown>[]
    return { shop, own }
  }

  it.each([
    ['every column', 'select id, parent_id, name, price, picture, weight from products order by id', []],
    [
      'chosen columns with bound values',
      'select id, name, price from products where parent_id = ? and price > ?',
      [1, 2500],
    ],
    [
      'expressions and aliases',
      'select count(*) as "count", max(price) as top, null as empty from products',
      [],
    ],
    [
      'a join naming a column twice',
      'select products.id, media.id, media.name from products join media on media.product_id = products.id',
      [],
    ],
    ['a name twice, the first kept in place', 'select name, id, name from products where id = 1', []],
    ['no rows', 'select id, name from products where id < 0', []],
  ])('reads %s as better-sqlite3 does', (_, text, parameters) => {
    const { shop, own } = bothReads(text, parameters)
    expect(shop).toEqual(own)
    expect(shop.map((row) => Object.keys(row))).toEqual(own.map((row) => Object.keys(row)))
  })

  it('keeps a blob, a real and a large integer as better-sqlite3 reads them', () => {
    const { shop } = bothReads('select picture, weight, 9007199254740991 as big from products where id = 1')
    expect(shop).toEqual([{ picture: Buffer.from([1, 2]), weight: 0.25, big: 9007199254740991 }])
  })

  it('answers a write’s changes and a returning write’s rows', () => {
    const statements = preparedOnce(database)
    expect(
      statements.prepare('update products set price = price + 1 where parent_id = ?').run([1]),
    ).toMatchObject({
      changes: 2,
    })
    expect(
      statements
        .prepare('insert into media (product_id, name) values (?, ?) returning id, name')
        .all([2, 'side']),
    ).toEqual([{ id: 12, name: 'side' }])
  })

  it('prepares a text once and gives it back for every query', () => {
    const statements = preparedOnce(database)
    const first = statements.prepare('select id from products')
    expect(statements.prepare('select id from products')).toBe(first)
    expect([...first.iterate([])]).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
  })

  it('reads a table’s new columns through a `select *` prepared before they were added', () => {
    const statements = preparedOnce(database)
    const all = statements.prepare('select * from media where id = ?')
    const joined = statements.prepare(
      'select media.*, products.name as product from media join products on products.id = media.product_id where media.id = ?',
    )
    expect(all.all([10])).toEqual([{ id: 10, product_id: 1, name: 'front' }])
    expect(joined.all([10])).toEqual([{ id: 10, product_id: 1, name: 'front', product: 'Tee' }])
    // A column dropped and another added: as many columns as before, not the same names.
    database.exec(
      `alter table media drop column name; alter table media add column label text not null default 'x'`,
    )
    expect(all.all([10])).toEqual([{ id: 10, product_id: 1, label: 'x' }])
    expect(joined.all([10])).toEqual([{ id: 10, product_id: 1, label: 'x', product: 'Tee' }])
  })

  it('leaves a read naming a column `__proto__` to better-sqlite3, prototype untouched', () => {
    const { shop, own } = bothReads('select id, name as "__proto__" from products where id = 1')
    expect(shop).toEqual(own)
    expect(Object.getPrototypeOf(shop[0])).toBe(Object.getPrototypeOf(own[0]))
  })
})
