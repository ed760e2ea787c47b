/**
 * The contact form's back end: every message is stored first, then e-mailed to the shop's address
 * (SHOP_EMAIL) with the fan's address as Reply-To. A message whose e-mail fails is not lost: a job
 * on every instance mails it again each minute until it goes out (each message claimed with one
 * conditional write before it is mailed, so no two instances, nor the job and the request that
 * stored it, both mail it). A filled honeypot marks it as spam: kept, never e-mailed, answered
 * like any other so bots learn nothing. Every message is counted before anything is stored: one
 * address may send a handful an hour, and one IP 10, whatever the addresses.
 */
import { CONTACT_MESSAGES_PER_HOUR, type ContactMessage, isLikelySpam } from '@fanshop/core'
import type { FastifyReply } from 'fastify'
import type { Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import type { ContactMessagesTable } from './tables.ts'

const HOUR_MS = 60 * 60 * 1000

/** A claim older than this is taken to have failed (its instance stopped while mailing). */
export const CONTACT_CLAIM_MS = 10 * 60 * 1000
/** How many unsent messages one run of the job looks at. */
const UNSENT_BATCH = 50
/** How often each instance mails the messages whose e-mail failed. */
export const UNSENT_EVERY_MS = 60 * 1000

type StoredMessage = Selectable<ContactMessagesTable>

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

function contactMail(ctx: ShopContext, stored: StoredMessage) {
  return {
    to: ctx.config.SHOP_EMAIL,
    replyTo: stored.email,
    subject: `[Contact] ${stored.topic}: message from ${stored.name}`,
    text: [
      'A fan wrote to the team through the contact form.',
      '',
      `Name: ${stored.name}`,
      `E-mail: ${stored.email}`,
      `Topic: ${stored.topic}`,
      '',
      stored.message,
      '',
      `Message #${stored.id}, received ${new Date(Number(stored.created_at)).toISOString()}. Reply to this e-mail to answer.`,
    ].join('\n'),
  }
}

/**
 * Mails a message claimed at `claimedAt` and marks it mailed. A failure is logged and gives the
 * claim back, for the job's next run; answers whether it went out.
 */
async function mailClaimed(ctx: ShopContext, stored: StoredMessage, claimedAt: number): Promise<boolean> {
  try {
    await ctx.mailer.send(contactMail(ctx, stored))
  } catch (err) {
    ctx.log.error(
      { err, contactMessage: stored.id },
      'contact message stored but the e-mail to the shop failed',
    )
    await ctx.db
      .updateTable('contact_messages')
      .set({ claimed_at: null })
      .where('id', '=', stored.id)
      .where('claimed_at', '=', claimedAt)
      .execute()
    return false
  }
  await ctx.db
    .updateTable('contact_messages')
    .set({ mailed_at: ctx.now() })
    .where('id', '=', stored.id)
    .execute()
  return true
}

export async function receiveContactMessage(
  ctx: ShopContext,
  input: ContactMessage,
): Promise<{ id: number }> {
  const now = ctx.now()
  const spam = isLikelySpam(input)
  const stored = await ctx.db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      topic: input.topic,
      message: input.message,
      status: spam ? 'spam' : 'received',
      created_at: now,
      // Claimed by this request, which mails it at once.
      claimed_at: spam ? null : now,
      mailed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  if (spam) {
    ctx.log.info({ contactMessage: stored.id }, 'contact message kept as spam (honeypot filled)')
    return { id: stored.id }
  }
  // The message is stored: the fan's part is done, whether or not this mail goes out now.
  await mailClaimed(ctx, stored, now)
  return { id: stored.id }
}

/**
 * One run of the job: the oldest messages not yet mailed nor claimed (at most UNSENT_BATCH), each
 * claimed and mailed. A failure ends the run (the mail server is likely still down): the next run
 * tries again. Answers how many went out.
 */
export async function mailUnsentContactMessages(ctx: ShopContext): Promise<number> {
  const now = ctx.now()
  const unsent = await ctx.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('mailed_at', 'is', null)
    .where('status', '=', 'received')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - CONTACT_CLAIM_MS)]))
    .orderBy('id')
    .limit(UNSENT_BATCH)
    .execute()
  let mailed = 0
  for (const stored of unsent) {
    const claim = await ctx.db
      .updateTable('contact_messages')
      .set({ claimed_at: now })
      .where('id', '=', stored.id)
      .where('mailed_at', 'is', null)
      .where((eb) =>
        stored.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', stored.claimed_at),
      )
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    if (!(await mailClaimed(ctx, stored, now))) break
    mailed++
  }
  return mailed
}
