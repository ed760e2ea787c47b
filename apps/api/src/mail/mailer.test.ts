import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`mail without SMTP_URL on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('writes every one of 50 messages sent at once to a file of its own', async () => {
    const outbox = path.join(t.ctx.config.dataDir, 'outbox')
    const subjects = Array.from({ length: 50 }, (_, i) => `Message number ${i + 1} of the burst`)
    await Promise.all(
      subjects.map((subject) =>
        t.ctx.mailer.send({ to: 'team@fanshop.example', subject, text: `Body of ${subject}.` }),
      ),
    )
    const files = fs.readdirSync(outbox)
    expect(files).toHaveLength(50)
    const mails = files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    for (const subject of subjects) {
      expect(
        mails.filter((mail) => mail.includes(`Subject: ${subject}`) && mail.includes(`Body of ${subject}.`)),
      ).toHaveLength(1)
    }
  })

  it('writes mail to the longest valid address, and to two that differ only past a name’s length', async () => {
    const outbox = path.join(t.ctx.config.dataDir, 'outbox')
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(59)}.example`
    const longest = [`${'a'.repeat(63)}1@${domain}`, `${'a'.repeat(63)}2@${domain}`]
    expect(longest[0]).toHaveLength(254)
    const before = new Set(fs.readdirSync(outbox))
    for (const to of longest) await t.ctx.mailer.send({ to, subject: 'Long', text: `For ${to}.` })
    const written = fs.readdirSync(outbox).filter((file) => !before.has(file))
    expect(written).toHaveLength(2)
    expect(new Set(written.map((file) => file.split('-').at(-1))).size).toBe(2)
  })
})
