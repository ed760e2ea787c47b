import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { testDialect } from '../../tests/test-app.ts'
import { activePaymentMethodsOnSqlite } from './sqlite-payment-methods.ts'

// The payment methods kept per SQLite connection must follow every write to the table: this
// connection's (the temporary triggers), inside a transaction, and after the table was dropped and
// made again (its triggers went with it). Other connections' writes: sqlite-hot-path.test.ts.
describe.runIf(testDialect === 'sqlite')('the payment methods kept per SQLite connection', () => {
  const table = (database: SQLite.Database) =>
    database.exec(`create table payment_methods (id integer primary key, method_type text, name text,
      description text, position integer, active integer)`)
  const names = (database: SQLite.Database) => activePaymentMethodsOnSqlite(database).map((m) => m.name)

  it('follows this connection’s writes, and the table made again', () => {
    const database = new SQLite(':memory:')
    table(database)
    const insert = (name: string, position: number) =>
      database
        .prepare(`insert into payment_methods (method_type, name, description, position, active)
          values ('credit_card', ?, '', ?, 1)`)
        .run(name, position)
    insert('Card', 0)
    expect(names(database)).toEqual(['Card'])
    insert('Transfer', 1)
    expect(names(database)).toEqual(['Card', 'Transfer'])
    database.exec(`update payment_methods set active = 0 where name = 'Card'`)
    expect(names(database)).toEqual(['Transfer'])
    database.transaction(() => {
      database.exec(`update payment_methods set name = 'Inside' where name = 'Transfer'`)
      expect(names(database)).toEqual(['Inside'])
    })()
    expect(names(database)).toEqual(['Inside'])
    database.exec('drop table payment_methods')
    table(database)
    insert('Again', 0)
    expect(names(database)).toEqual(['Again'])
    insert('And again', 1)
    expect(names(database)).toEqual(['Again', 'And again'])
    database.close()
  })
})
