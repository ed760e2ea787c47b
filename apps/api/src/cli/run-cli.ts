/**
 * What every command-line tool of the shop does around its own work (seed, create-owner,
 * notify-launch): reads .env, loads and checks the configuration, opens the database (migrated
 * unless the tool wants to go first) and the mailer, closes both afterwards, and prints a
 * configuration or request error as one line with exit code 1 instead of a stack trace.
 */
import pino from 'pino'
import { ConfigError, loadConfig } from '../config.ts'
import type { ShopContext } from '../context.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { HttpError } from '../http/errors.ts'
import { createMailer } from '../mail/mailer.ts'

interface CliOptions {
  /** false: the tool migrates itself (the seed wipes the tables first). */
  migrate?: boolean
  /** true: log at the configured LOG_LEVEL; otherwise only warnings, so the tool's own output stands out. */
  verbose?: boolean
}

export function runCli(work: (shop: ShopContext) => Promise<void>, options: CliOptions = {}): void {
  open(work, options).catch((error) => {
    console.error(error instanceof ConfigError || error instanceof HttpError ? error.message : error)
    process.exit(1)
  })
}

async function open(work: (shop: ShopContext) => Promise<void>, options: CliOptions) {
  try {
    process.loadEnvFile()
  } catch {}
  const config = loadConfig()
  const log = pino({ level: options.verbose ? config.LOG_LEVEL : 'warn' })
  const database = openDatabase(config.databaseUrl)
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: `${config.dataDir}/outbox`,
    log,
  })
  try {
    if (options.migrate !== false) await migrateToLatest(database.db)
    await work({ config, database, db: database.db, now: Date.now, mailer, log })
  } finally {
    mailer.close()
    await database.close()
  }
}
