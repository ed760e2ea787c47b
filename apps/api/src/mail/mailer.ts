/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message
 * is written as an .eml file under DATA_DIR/outbox and logged, so a local shop never loses mail.
 * Each file gets a name of its own (time, then a random UUID) and is created exclusively, so
 * messages written in the same millisecond never overwrite one another.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

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

export function createMailer(options: {
  smtpUrl?: string
  from: string
  outboxDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
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
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = path.join(options.outboxDir, `${Date.now()}-${randomUUID()}-${safeTo}.eml`)
      await fs.writeFile(file, info.message as Buffer, { flag: 'wx' })
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox')
    },
    close: () => transport.close(),
  }
}
