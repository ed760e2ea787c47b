/**
 * The coming-soon page's notification list and the launch e-mail to it. Each address is kept
 * once; each is claimed (notified_at set) before its e-mail goes out, so no address is ever mailed
 * twice, even when two runs overlap. A send that fails releases its claim for the next run.
 */
import type { ShopContext } from '../context.ts'

export async function addLaunchSignup(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  email: string,
): Promise<{ created: boolean }> {
  const result = await ctx.db
    .insertInto('launch_signups')
    .values({ email, created_at: ctx.now(), notified_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst()
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
}

export interface NotifyProgress {
  start(total: number): void
  done(email: string, outcome: 'sent' | 'failed'): void
}

export interface NotifyResult {
  sent: number
  failed: number
}

function launchMail(ctx: Pick<ShopContext, 'config'>, email: string) {
  const shopUrl = `${ctx.config.publicUrl}/shop`
  return {
    to: email,
    subject: 'The shop is open',
    text: [
      'Hello,',
      '',
      'You asked us to tell you when the shop opens: it is open now.',
      `Come in and find your favourites before they are gone: ${shopUrl}`,
      '',
      'See you in the shop!',
    ].join('\n'),
  }
}

export async function notifyLaunch(
  ctx: Pick<ShopContext, 'config' | 'db' | 'now' | 'mailer'>,
  progress?: NotifyProgress,
): Promise<NotifyResult> {
  const pending = await ctx.db
    .selectFrom('launch_signups')
    .select(['id', 'email'])
    .where('notified_at', 'is', null)
    .orderBy('id')
    .execute()
  progress?.start(pending.length)
  const result: NotifyResult = { sent: 0, failed: 0 }
  for (const signup of pending) {
    const claimedAt = ctx.now()
    const claim = await ctx.db
      .updateTable('launch_signups')
      .set({ notified_at: claimedAt })
      .where('id', '=', signup.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) === 0) continue
    try {
      await ctx.mailer.send(launchMail(ctx, signup.email))
      result.sent++
      progress?.done(signup.email, 'sent')
    } catch {
      await ctx.db
        .updateTable('launch_signups')
        .set({ notified_at: null })
        .where('id', '=', signup.id)
        .where('notified_at', '=', claimedAt)
        .execute()
      result.failed++
      progress?.done(signup.email, 'failed')
    }
  }
  return result
}
