/**
 * `npm run seed`: writes the demo content into an empty database (the server also does this on
 * its first start). `npm run seed -- --reset` first wipes the shop's tables and media, then seeds.
 */
import fs from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { resetDatabase } from '../db/reset.ts'
import { isEmpty, seedDemo } from '../demo/seed.ts'

async function main() {
  try {
    process.loadEnvFile()
  } catch {}
  const reset = process.argv.includes('--reset')
  const config = loadConfig()
  const log = pino({ level: config.LOG_LEVEL })
  const database = openDatabase(config.databaseUrl)
  try {
    if (reset) {
      await resetDatabase(database.db)
      fs.rmSync(path.join(config.dataDir, 'media'), { recursive: true, force: true })
      log.info('wiped the shop tables and media')
    }
    await migrateToLatest(database.db)
    const ctx = { config, database, db: database.db, now: Date.now, log }
    if (!(await isEmpty(ctx))) {
      console.log(
        'The database already has content; nothing seeded. Use `npm run seed -- --reset` to start over.',
      )
      return
    }
    await seedDemo(ctx)
    console.log(
      `Demo content seeded into ${database.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}.`,
    )
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
