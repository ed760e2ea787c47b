/**
 * The access grant: a signed token that a visitor receives for a valid access code and that the
 * storefront sends with every cart write (x-access-grant). It is checked by signature alone, so
 * any server can check it without a lookup. It lasts until a day after the launch. A grant whose
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

export async function issueAccessGrant(
  ctx: Pick<ShopContext, 'config' | 'now'>,
  codeId: number,
  options: { queueTicketId?: number } = {},
): Promise<AccessGrant> {
  const now = ctx.now()
  const launchAt = launchAtOf(ctx.config)
  const expiresAt = Math.max(launchAt, now) + DAY_MS
  const grant = await signLaunchToken(ctx, 'access-grant', {
    ...(options.queueTicketId === undefined ? {} : { skipsQueue: true, queueTicket: options.queueTicketId }),
    sub: `access-code:${codeId}`,
    exp: Math.floor(expiresAt / 1000),
  })
  return { grant, expiresAt: Math.floor(expiresAt / 1000) * 1000 }
}

export async function isValidAccessGrant(
  ctx: Pick<ShopContext, 'config' | 'now'>,
  grant: string,
): Promise<boolean> {
  return (await verifyLaunchToken(ctx, 'access-grant', grant)) !== null
}

/**
 * Whether the grant is valid and its code lets its holder past the drop's waiting room: null when
 * not, else the queue ticket its holder goes past with (a pass's, so it opens one cart), or null
 * for a grant issued before grants carried one.
 */
export async function accessGrantPastQueue(
  ctx: Pick<ShopContext, 'config' | 'now'>,
  grant: string,
): Promise<{ ticketId: number | null } | null> {
  const claims = await verifyLaunchToken(ctx, 'access-grant', grant)
  if (claims?.skipsQueue !== true) return null
  return { ticketId: Number.isSafeInteger(claims.queueTicket) ? (claims.queueTicket as number) : null }
}
