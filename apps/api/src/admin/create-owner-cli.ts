/**
 * `npm run create-owner -- EMAIL`: makes the shop's first owner. It invites the address as owner
 * the same way the staff page does (the audit log names the CLI), mails the single-use link and
 * prints it, so the owner chooses their own password; no password ever passes through a shell.
 * While an owner exists it refuses, unless given --force (an owner locked out of every account).
 */
import { staffEmailSchema } from '@fanshop/core'
import pino from 'pino'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { HttpError } from '../http/errors.ts'
import { createMailer } from '../mail/mailer.ts'
import { inviteStaff } from './staff.ts'

async function main() {
  try {
    process.loadEnvFile()
  } catch {}
  const args = process.argv.slice(2)
  const parsed = staffEmailSchema.safeParse(args.find((arg) => !arg.startsWith('--')) ?? '')
  if (!parsed.success) {
    console.error('Usage: npm run create-owner -- EMAIL [--force]  (EMAIL must be an e-mail address)')
    process.exit(2)
  }
  const config = loadConfig()
  const log = pino({ level: 'warn' })
  const database = openDatabase(config.databaseUrl)
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: `${config.dataDir}/outbox`,
    log,
  })
  try {
    await migrateToLatest(database.db)
    const owner = await database.db
      .selectFrom('staff_users')
      .select('email')
      .where('role', '=', 'owner')
      .executeTakeFirst()
    if (owner && !args.includes('--force')) {
      console.error(
        `The shop has an owner already (${owner.email}); invite staff from /admin/staff, or run with --force.`,
      )
      process.exitCode = 1
      return
    }
    const { link, expiresAt } = await inviteStaff(
      { config, db: database.db, now: Date.now, mailer },
      { id: null, email: 'create-owner (CLI)' },
      parsed.data,
      'owner',
    )
    console.log(
      `Invitation for ${parsed.data} as owner, mailed and valid once until ${new Date(expiresAt).toISOString()}:`,
    )
    console.log(link)
  } finally {
    mailer.close()
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof HttpError ? error.message : error)
  process.exit(1)
})
