/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message
 * is written as an .eml file under DATA_DIR/outbox and logged, so a local shop never loses mail.
 * Each file gets a name of its own (time, then a random UUID) and is created exclusively, so
 * messages written in the same millisecond never overwrite one another. The name ends with the
 * address, made safe for a file name and, when long, cut and followed by a hash of the whole
 * address: a name stays far inside the file system's 255 bytes for any valid address.
 * An SMTP server that does not answer fails a send within seconds (SMTP_WAIT_MS), not after
 * nodemailer's own waits (30 s for a greeting, 2 minutes to connect, 10 minutes of silence), which
 * a checkout, a contact message or a staff invitation would otherwise wait out before answering.
 */
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/** How long a send waits on each step with an SMTP server: a name, a connection, a greeting, an answer. */
export const SMTP_WAIT_MS = 10_000

/** The most characters of the address a file name keeps. */
const ADDRESS_IN_NAME = 100

/** The address as the end of a file name: safe characters only, at most ADDRESS_IN_NAME of them. */
function addressInName(to: string): string {
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_')
  if (safe.length <= ADDRESS_IN_NAME) return safe
  const hash = createHash('sha256').update(to).digest('hex').slice(0, 16)
  return `${safe.slice(0, ADDRESS_IN_NAME - hash.length - 1)}-${hash}`
}

export function createMailer(options: {
  smtpUrl?: string
  from: string
  outboxDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    // SMTP_URL's own query (`?socketTimeout=60000`) still has the last word.
    const transport = nodemailer.createTransport({
      dnsTimeout: SMTP_WAIT_MS,
      connectionTimeout: SMTP_WAIT_MS,
      greetingTimeout: SMTP_WAIT_MS,
      socketTimeout: SMTP_WAIT_MS,
      ...parseConnectionUrl(options.smtpUrl),
    })
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent')
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await fs.mkdir(options.outboxDir, { recursive: true })
      const name = `${Date.now()}-${randomUUID()}-${addressInName(message.to)}.eml`
      const file = path.join(options.outboxDir, name)
      await fs.writeFile(file, info.message as Buffer, { flag: 'wx' })
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox')
    },
    close: () => transport.close(),
  }
}
