/**
 * SQLite's write-ahead log reaches the database file without the server's connection doing it:
 * the checkpoint worker copies it beside the server long before the log would reach the size at
 * which a commit of the server's own would stop everything to checkpoint it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { testDialect } from '../../tests/test-app.ts'
import { openDatabase, type ShopDatabase } from './database.ts'

describe.skipIf(testDialect !== 'sqlite')('SQLite checkpoints', () => {
  let database: ShopDatabase | undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-checkpoints-'))
  afterEach(async () => {
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the log is copied into the database file in the background, well before 1,000 pages', async () => {
    const file = path.join(dir, 'shop.sqlite')
    database = openDatabase(`sqlite:${file}`)
    const { db } = database
    await sql`create table pages (id integer primary key, body blob not null)`.execute(db)
    const before = fs.statSync(file).size
    // About 300 pages of 4 KiB, one commit each, as a crowd of adds would write them.
    for (let i = 0; i < 300; i++) {
      await sql`insert into pages (body) values (randomblob(3000))`.execute(db)
    }
    const deadline = Date.now() + 5000
    while (fs.statSync(file).size < before + 300 * 3000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(before + 300 * 3000)
    const [row] = (await sql<{ n: number }>`select count(*) as n from pages`.execute(db)).rows
    expect(row!.n).toBe(300)
  })
})
