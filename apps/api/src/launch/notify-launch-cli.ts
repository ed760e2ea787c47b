/**
 * `npm run notify-launch`: sends the launch e-mail to everyone who signed up on /comingsoon and
 * has not had it yet, with a progress bar. Safe to run again and on several machines at once:
 * nobody is mailed twice. Before LAUNCH_AT it refuses unless given --force.
 */
import { launchInstant } from '@fanshop/core'
import cliProgress from 'cli-progress'
import pino from 'pino'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createMailer } from '../mail/mailer.ts'
import { notifyLaunch } from './signups.ts'

async function main() {
  try {
    process.loadEnvFile()
  } catch {}
  const config = loadConfig()
  const launchAt = launchInstant(config.LAUNCH_AT, config.SHOP_TZ)
  if (Date.now() < launchAt && !process.argv.includes('--force')) {
    console.error(
      `The shop opens at ${new Date(launchAt).toISOString()}; the launch e-mail says it is open. Run with --force to send it anyway.`,
    )
    process.exit(1)
  }
  const log = pino({ level: 'warn' })
  const database = openDatabase(config.databaseUrl)
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: `${config.dataDir}/outbox`,
    log,
  })
  const bar = new cliProgress.SingleBar(
    { format: 'Launch e-mail [{bar}] {value}/{total} {email}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  try {
    await migrateToLatest(database.db)
    const result = await notifyLaunch(
      { config, db: database.db, now: Date.now, mailer },
      {
        start: (total) => bar.start(total, 0, { email: '' }),
        done: (email) => bar.increment({ email }),
      },
    )
    bar.stop()
    console.log(
      result.sent + result.failed === 0
        ? 'Nobody is waiting for the launch e-mail.'
        : `Launch e-mail sent to ${result.sent} address(es)${result.failed ? `; ${result.failed} failed and will be retried on the next run` : ''}.`,
    )
    if (result.failed) process.exitCode = 1
  } finally {
    bar.stop()
    mailer.close()
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
