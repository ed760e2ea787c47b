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
})
