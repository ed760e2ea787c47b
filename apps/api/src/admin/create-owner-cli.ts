/**
 * `npm run create-owner -- EMAIL`: makes the shop's first owner. It invites the address as owner
 * the same way the staff page does (the audit log names the CLI), mails the single-use link and
 * prints it (even when the mail cannot go out: a new shop's mail may not be set up yet), so the
 * owner chooses their own password; no password ever passes through a shell.
 * While an owner exists it refuses, unless given --force (an owner locked out of every account).
 */
import { staffEmailSchema } from '@fanshop/core'
import { runCli } from '../cli/run-cli.ts'
import { inviteStaff } from './staff.ts'

const args = process.argv.slice(2)
const parsed = staffEmailSchema.safeParse(args.find((arg) => !arg.startsWith('--')) ?? '')
if (!parsed.success) {
  console.error('Usage: npm run create-owner -- EMAIL [--force]  (EMAIL must be an e-mail address)')
  process.exit(2)
}
const email = parsed.data

runCli(async (shop) => {
  const owner = await shop.db
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
  const { link, expiresAt, mailed } = await inviteStaff(
    shop,
    { id: null, email: 'create-owner (CLI)' },
    email,
    'owner',
    { mailRequired: false },
  )
  const until = new Date(expiresAt).toISOString()
  console.log(
    mailed
      ? `Invitation for ${email} as owner, mailed and valid once until ${until}:`
      : `Invitation for ${email} as owner, valid once until ${until} (the e-mail could not be sent; give the owner this link):`,
  )
  console.log(link)
})
