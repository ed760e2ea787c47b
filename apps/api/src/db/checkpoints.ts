/**
 * SQLite's WAL checkpoints, off the event loop. By default the connection that commits when the
 * write-ahead log passes 1,000 pages copies it into the database file and syncs it, inside that
 * commit: with better-sqlite3 the whole server stands still meanwhile, for as long as the disk
 * takes (the add-to-cart bench saw one stall of 100–200 ms every few dozen adds on a busy machine,
 * which is most of its p99). Here a worker thread with its own connection runs passive checkpoints
 * once a second, beside the server's connection, which never waits for one; the server's own
 * automatic checkpoint stays as a backstop at a larger size, should the worker fall behind.
 * Once a second rather than five times: a page written by many commits in between (the product's
 * stock row, the last pages of orders, lines and holds) is copied and synced once, not five times
 * (the checkpoints were 4% of the server's CPU under the add-to-cart bench, their fsyncs 3%).
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'

const EVERY_MS = 1000
/** The server's own checkpoint, only if the worker falls this far behind (pages of 4 KiB). */
const BACKSTOP_PAGES = 20_000

const WORKER = `
const { workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file)
db.pragma('busy_timeout = 5000')
setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs)
`

/** Starts the checkpoint worker for this database file; the answer stops it. */
export function checkpointInBackground(database: SQLite.Database, file: string): () => Promise<void> {
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`)
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: EVERY_MS },
  })
  worker.unref()
  // A worker that cannot open the file leaves checkpoints to the backstop; the shop goes on.
  worker.on('error', () => database.pragma('wal_autocheckpoint = 1000'))
  return async () => {
    await worker.terminate()
  }
}
