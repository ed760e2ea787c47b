/**
 * `npm run seed`: writes the demo content into an empty database (the server also does this on
 * its first start). `npm run seed -- --reset` first wipes the shop's tables and media, then seeds.
 */
import fs from 'node:fs'
import path from 'node:path'
import { migrateToLatest } from '../db/migrate.ts'
import { resetDatabase } from '../db/reset.ts'
import { isEmpty, seedDemo } from '../demo/seed.ts'
import { runCli } from './run-cli.ts'

const reset = process.argv.includes('--reset')

runCli(
  async (shop) => {
    if (reset) {
      await resetDatabase(shop.db)
      fs.rmSync(path.join(shop.config.dataDir, 'media'), { recursive: true, force: true })
      shop.log.info('wiped the shop tables and media')
    }
    await migrateToLatest(shop.db)
    if (!(await isEmpty(shop))) {
      console.log(
        'The database already has content; nothing seeded. Use `npm run seed -- --reset` to start over.',
      )
      return
    }
    await seedDemo(shop)
    console.log(
      `Demo content seeded into ${shop.database.dialect === 'sqlite' ? shop.config.databaseUrl : 'PostgreSQL'}.`,
    )
  },
  { migrate: false, verbose: true },
)
