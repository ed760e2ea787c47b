import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inGroupCommit } from './group-commit.ts'

// The writes of one turn share a transaction, each in its own savepoint: one that fails or
// declines is undone alone, and nobody is answered before the group has committed.
describe('group commit on SQLite', () => {
  let dir: string
  let database: SQLite.Database
  let reader: SQLite.Database
  const insert = (name: string) => () =>
    Number(database.prepare('insert into things (name) values (?)').run(name).lastInsertRowid)
  const committedNames = () =>
    (reader.prepare('select name from things order by id').all() as { name: string }[]).map((r) => r.name)

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'))
    database = new SQLite(path.join(dir, 'db.sqlite'))
    database.pragma('journal_mode = WAL')
    database.exec('create table things (id integer primary key, name text not null unique)')
    reader = new SQLite(path.join(dir, 'db.sqlite'), { readonly: true })
  })
  afterEach(() => {
    reader.close()
    database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('runs the writes of one turn in one transaction and answers them once it has committed', async () => {
    const seenInside: string[][] = []
    const answers = await Promise.all([
      inGroupCommit(database, insert('a')),
      inGroupCommit(database, () => {
        // The second write runs in the same open transaction: the first is written, not yet committed.
        expect(database.inTransaction).toBe(true)
        seenInside.push(committedNames())
        return insert('b')()
      }),
    ])
    expect(answers).toEqual([1, 2])
    expect(seenInside).toEqual([[]])
    expect(committedNames()).toEqual(['a', 'b'])
    expect(database.inTransaction).toBe(false)
  })

  it('undoes a write that throws and rejects it alone, the others committed', async () => {
    const [first, failed, last] = await Promise.allSettled([
      inGroupCommit(database, insert('a')),
      inGroupCommit(database, () => {
        insert('b')()
        return insert('a')()
      }),
      inGroupCommit(database, insert('c')),
    ])
    expect(first).toEqual({ status: 'fulfilled', value: 1 })
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_UNIQUE' } })
    expect(last.status).toBe('fulfilled')
    expect(committedNames()).toEqual(['a', 'c'])
  })

  it('undoes a write that answers null and answers it null', async () => {
    const answers = await Promise.all([
      inGroupCommit(database, () => {
        insert('declined')()
        return null
      }),
      inGroupCommit(database, insert('kept')),
    ])
    expect(answers[0]).toBeNull()
    expect(committedNames()).toEqual(['kept'])
  })

  it('answers every write null, untouched, while another transaction is open on the connection', async () => {
    database.prepare('begin').run()
    const answers = Promise.all([inGroupCommit(database, insert('a')), inGroupCommit(database, insert('b'))])
    await new Promise((resolve) => setImmediate(resolve))
    database.prepare('rollback').run()
    expect(await answers).toEqual([null, null])
    expect(committedNames()).toEqual([])
  })

  it('starts a new group in the next turn', async () => {
    expect(await inGroupCommit(database, insert('a'))).toBe(1)
    expect(await inGroupCommit(database, insert('b'))).toBe(2)
    expect(committedNames()).toEqual(['a', 'b'])
  })
})
