/**
 * The waiting room's two signed values (HMAC under a key derived from the server's secret, as the
 * shop's other signed values): the ticket a fan holds while waiting, and the short-lived pass they
 * get when their turn comes. Both are checked by signature alone, so any instance checks them.
 */
import { signLaunchToken, type TokenContext, verifyLaunchToken } from './keys.ts'

/** A ticket outlives any sensible drop; its pass is what expires. */
const TICKET_LIFE_S = 2 * 86_400

const sign = (
  ctx: TokenContext,
  purpose: 'queue-ticket' | 'queue-pass',
  ticketId: number,
  expiresAtS: number,
) => signLaunchToken(ctx, purpose, { sub: `ticket:${ticketId}`, exp: expiresAtS })

/** The ticket id inside a signed value of this purpose, or null when it is forged, foreign or expired. */
async function verify(ctx: TokenContext, purpose: 'queue-ticket' | 'queue-pass', token: string) {
  const match = /^ticket:(\d+)$/.exec((await verifyLaunchToken(ctx, purpose, token))?.sub ?? '')
  return match ? Number(match[1]) : null
}

export const issueQueueTicket = (ctx: TokenContext, ticketId: number) =>
  sign(ctx, 'queue-ticket', ticketId, Math.floor(ctx.now() / 1000) + TICKET_LIFE_S)

export const queueTicketId = (ctx: TokenContext, ticket: string) => verify(ctx, 'queue-ticket', ticket)

/** A pass for the ticket's fan, valid until `expiresAt` (epoch ms on a whole second). */
export const issueQueuePass = (ctx: TokenContext, ticketId: number, expiresAt: number) =>
  sign(ctx, 'queue-pass', ticketId, Math.floor(expiresAt / 1000))

export const queuePassTicketId = (ctx: TokenContext, pass: string) => verify(ctx, 'queue-pass', pass)
