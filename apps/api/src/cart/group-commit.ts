/**
 * Group commit for the SQLite hot path (issue 13): the create-a-cart and add-to-cart writes that
 * arrive in one turn of the event loop run in one transaction, each in its own savepoint, and are
 * answered once that transaction has committed. On drop day every add writes the same stock row
 * and the neighbouring last pages of the orders, holds and lines; one commit then writes each of
 * those pages once for the whole group instead of once per shopper (WAL frames, file locks and
 * system calls per commit), while each write still succeeds or fails on its own and no answer
 * leaves before its write is durable as the connection's other commits are. A write alone in its
 * turn (an idle shop) is a group of one: the same work as its own transaction.
 */
import type SQLite from 'better-sqlite3'

interface Write {
  run: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface Group {
  database: SQLite.Database
  begin: SQLite.Statement
  commit: SQLite.Statement
  rollback: SQLite.Statement
  savepoint: SQLite.Statement
  release: SQLite.Statement
  undo: SQLite.Statement
  waiting: Write[]
}

const groups = new WeakMap<SQLite.Database, Group>()

function groupOf(database: SQLite.Database): Group {
  let group = groups.get(database)
  if (!group) {
    group = {
      database,
      begin: database.prepare('begin immediate'),
      commit: database.prepare('commit'),
      rollback: database.prepare('rollback'),
      savepoint: database.prepare('savepoint grouped_write'),
      release: database.prepare('release grouped_write'),
      undo: database.prepare('rollback to grouped_write'),
      waiting: [],
    }
    groups.set(database, group)
  }
  return group
}

/**
 * Runs `write` (synchronous statements on `database`) in this turn's group and answers what it
 * returned once the group has committed. A write that returns null is undone (its caller then goes
 * the generic way), one that throws is undone and its error rethrown to its caller alone. Every
 * write of the group answers null, untouched, when the connection is inside another
 * (asynchronous) transaction when the group runs: the group never joins a transaction it does not own.
 */
export function inGroupCommit<T>(database: SQLite.Database, write: () => T | null): Promise<T | null> {
  const group = groupOf(database)
  return new Promise<T | null>((resolve, reject) => {
    if (group.waiting.length === 0) setImmediate(runGroup, group)
    group.waiting.push({ run: write, resolve: resolve as (value: unknown) => void, reject })
  })
}

function runGroup(group: Group): void {
  const writes = group.waiting
  group.waiting = []
  const { database } = group
  if (database.inTransaction) {
    for (const write of writes) write.resolve(null)
    return
  }
  const outcomes: (() => void)[] = []
  try {
    group.begin.run()
    for (const write of writes) {
      group.savepoint.run()
      try {
        const value = write.run()
        if (value === null) group.undo.run()
        group.release.run()
        outcomes.push(() => write.resolve(value))
      } catch (error) {
        // An error SQLite answers by rolling the whole transaction back ends the group here.
        if (!database.inTransaction) throw error
        group.undo.run()
        group.release.run()
        outcomes.push(() => write.reject(error))
      }
    }
    group.commit.run()
  } catch (error) {
    if (database.inTransaction) group.rollback.run()
    for (const write of writes) write.reject(error)
    return
  }
  for (const outcome of outcomes) outcome()
}
