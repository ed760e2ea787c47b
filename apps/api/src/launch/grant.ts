/**
 * The access grant: a signed token that a visitor receives for a valid access code and that the
 * storefront sends with every cart write (x-access-grant). It names its code, and is checked by its
 * signature and then against that code (one read by primary key): it lasts until a day after the
 * launch, never past its code's expiry (also one set later), and stops while staff have its code
 * disabled. A grant whose
 * code skips the drop's waiting room carries a queue ticket of its own, let in at once, and goes
 * past the queue as that ticket's pass does: for one cart, so a grant handed on lets no one else by.
 */

import { launchAtOf } from '../config.ts'
import type { ShopContext } from '../context.ts'
import { signLaunchToken, verifyLaunchToken } from './keys.ts'

const DAY_MS = 86_400_000

export interface AccessGrant {
  grant: string
  /** Epoch milliseconds. */
  expiresAt: number
}

const SUBJECT = /^access-code:(\d{1,15})$/

/** A grant for the code of `id`, which expires at `expiresAt` (epoch ms; null for never). */
export async function issueAccessGrant(
  ctx: Pick<ShopContext, 'config' | 'now'>,
  code: { id: number; expiresAt: number | null },
  options: { queueTicketId?: number } = {},
): Promise<AccessGrant> {
  const now = ctx.now()
  const launchAt = launchAtOf(ctx.config)
  const expiresAt = Math.min(Math.max(launchAt, now) + DAY_MS, code.expiresAt ?? Number.POSITIVE_INFINITY)
  const grant = await signLaunchToken(ctx, 'access-grant', {
    ...(options.queueTicketId === undefined ? {} : { skipsQueue: true, queueTicket: options.queueTicketId }),
    sub: `access-code:${code.id}`,
    exp: Math.floor(expiresAt / 1000),
  })
  return { grant, expiresAt: Math.floor(expiresAt / 1000) * 1000 }
}

/**
 * The grant's claims when it is signed, unexpired, and its code still lets visitors in by its
 * grants: the code exists, is not disabled and has not expired (an expiry set after the grant was
 * given counts).
 * A grant's use of its code's limit was counted when it was given, so a used-up code's grants stay.
 */
async function liveGrantClaims(ctx: Pick<ShopContext, 'config' | 'db' | 'now'>, grant: string) {
  const claims = await verifyLaunchToken(ctx, 'access-grant', grant)
  const codeId = claims ? SUBJECT.exec(claims.sub)?.[1] : undefined
  if (!claims || codeId === undefined) return null
  const now = ctx.now()
  const code = await ctx.db
    .selectFrom('access_codes')
    .select('id')
    .where('id', '=', Number(codeId))
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
  return code ? claims : null
}

export async function isValidAccessGrant(
  ctx: Pick<ShopContext, 'config' | 'db' | 'now'>,
  grant: string,
): Promise<boolean> {
  return (await liveGrantClaims(ctx, grant)) !== null
}

/**
 * Whether the grant is valid and its code lets its holder past the drop's waiting room: null when
 * not, else the queue ticket its holder goes past with (a pass's, so it opens one cart), or null
 * for a grant issued before grants carried one.
 */
export async function accessGrantPastQueue(
  ctx: Pick<ShopContext, 'config' | 'db' | 'now'>,
  grant: string,
): Promise<{ ticketId: number | null } | null> {
  const claims = await liveGrantClaims(ctx, grant)
  if (claims?.skipsQueue !== true) return null
  return { ticketId: Number.isSafeInteger(claims.queueTicket) ? (claims.queueTicket as number) : null }
}
