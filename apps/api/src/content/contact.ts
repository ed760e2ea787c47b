/**
 * The contact form's back end: every message is stored first (nothing is lost if mail is
 * down), then e-mailed to the shop's address (SHOP_EMAIL) with the fan's address as Reply-To.
 * A filled honeypot marks it as spam: kept, never e-mailed, answered like any other so bots
 * learn nothing. Every message is counted before anything is stored: one address may send a
 * handful an hour, and one IP 10, whatever the addresses.
 */
import { CONTACT_MESSAGES_PER_HOUR, type ContactMessage, isLikelySpam } from '@fanshop/core'
import type { FastifyReply } from 'fastify'
import type { ShopContext } from '../context.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'

const HOUR_MS = 60 * 60 * 1000

/** 10 messages in an hour lock the sender's IP for an hour. */
export const IP_CONTACT_MESSAGES: RateLimitRule = { limit: 10, windowMs: HOUR_MS, lockMs: HOUR_MS }
/** CONTACT_MESSAGES_PER_HOUR from one address lock it for an hour. */
const ADDRESS_CONTACT_MESSAGES: RateLimitRule = {
  limit: CONTACT_MESSAGES_PER_HOUR,
  windowMs: HOUR_MS,
  lockMs: HOUR_MS,
}

/** Counts a message from `client` (its key, http/client-key.ts) before it is stored: 429 (and Retry-After) past either limit. */
export async function countContactMessage(
  ctx: ShopContext,
  reply: Pick<FastifyReply, 'header'>,
  client: string,
  email: string,
): Promise<void> {
  const limiter = rateLimiter(ctx)
  await beginAttempt(
    limiter,
    reply,
    [[`contact-ip:${client}`, IP_CONTACT_MESSAGES]],
    (wait) =>
      `We have received many messages from your network in the last hour. Please try again in ${wait}.`,
  )
  await beginAttempt(
    limiter,
    reply,
    [[`contact:${email.toLowerCase()}`, ADDRESS_CONTACT_MESSAGES]],
    (wait) =>
      `We already have ${CONTACT_MESSAGES_PER_HOUR} messages from ${email} in the last hour. Please wait a little before writing again. You can write again in ${wait}.`,
  )
}

export async function receiveContactMessage(
  ctx: ShopContext,
  input: ContactMessage,
): Promise<{ id: number }> {
  const now = ctx.now()
  const email = input.email.toLowerCase()
  const spam = isLikelySpam(input)
  const { id } = await ctx.db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email,
      topic: input.topic,
      message: input.message,
      status: spam ? 'spam' : 'received',
      created_at: now,
      mailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (spam) {
    ctx.log.info({ contactMessage: id }, 'contact message kept as spam (honeypot filled)')
    return { id }
  }

  try {
    await ctx.mailer.send({
      to: ctx.config.SHOP_EMAIL,
      replyTo: email,
      subject: `[Contact] ${input.topic}: message from ${input.name}`,
      text: [
        'A fan wrote to the team through the contact form.',
        '',
        `Name: ${input.name}`,
        `E-mail: ${email}`,
        `Topic: ${input.topic}`,
        '',
        input.message,
        '',
        `Message #${id}, received ${new Date(now).toISOString()}. Reply to this e-mail to answer.`,
      ].join('\n'),
    })
    await ctx.db.updateTable('contact_messages').set({ mailed_at: ctx.now() }).where('id', '=', id).execute()
  } catch (err) {
    // The message is stored (mailed_at stays empty); the fan's part is done.
    ctx.log.error({ err, contactMessage: id }, 'contact message stored but the e-mail to the shop failed')
  }
  return { id }
}
