/**
 * What the API's log holds, read from its real pino stream: one line per request (a flood of bad
 * URLs is a flood of short lines, never of stack traces) and no token of any kind.
 */
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { redactUrl } from './logging.ts'

describe(`the API log on ${testDialect}`, () => {
  let t: TestApp
  const lines: string[] = []
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    t = await createTestApp({ seed: false, logStream })
  })
  afterAll(() => t.close())

  const logOf = async (send: () => Promise<unknown>) => {
    lines.length = 0
    await send()
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  }

  it('writes one short line for each unknown URL, without a stack trace', async () => {
    const log = await logOf(async () => {
      for (let i = 0; i < 25; i++) {
        await t.app.inject(`/wp-json/wp/v2/no-such-thing-${i}`)
        await t.app.inject({ method: 'DELETE', url: `/wp-json/wc/v3/products/categories/${i}` })
      }
    })
    expect(log).toHaveLength(50)
    for (const entry of log) {
      expect(entry).toMatchObject({ msg: 'request', statusCode: 404 })
      expect(entry.err).toBeUndefined()
      expect(JSON.stringify(entry)).not.toMatch(/stack|\n/)
    }
  })

  it('never writes an order token, a login token or a cookie', async () => {
    const secrets = [
      'order-token-aaaa',
      'bearer-token-bbbb',
      'header-token-cccc',
      'cookie-dddd',
      'token-eeee',
      'list-token-hhhh',
    ]
    const log = await logOf(async () => {
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/R123456789.json?order_token=${secrets[0]}&token=${secrets[4]}&page=1`,
        headers: {
          authorization: `Bearer ${secrets[1]}`,
          'x-spree-order-token': secrets[2]!,
          cookie: `session=${secrets[3]}`,
        },
      })
      await t.app.inject(`/api/v1/orders/R123456789.json?order_token%5B%5D=${secrets[5]}`)
      t.app.log.info({ req: { headers: { authorization: `Bearer ${secrets[1]}` } } }, 'headers')
    })
    expect(log.length).toBeGreaterThan(0)
    const text = lines.join('\n')
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(log[0]).toMatchObject({
      url: '/api/v1/orders/R123456789.json?order_token=[redacted]&token=[redacted]&page=1',
    })
  })

  it("never writes a password-reset or staff invitation key from a page's address", async () => {
    const keys = ['reset-key-ffff', 'invite-key-gggg']
    await logOf(async () => {
      await t.app.inject(`/auth/reset/setpassword?key=${keys[0]}`)
      await t.app.inject(`/admin/accept-invite?key=${keys[1]}`)
    })
    const text = lines.join('\n')
    for (const key of keys) expect(text).not.toContain(key)
    expect(text).toContain('/auth/reset/setpassword?key=[redacted]')
  })

  it('redacts the token parameters however they are written, and leaves the rest as sent', () => {
    expect(redactUrl('/a?order%5Ftoken=x&b=1')).toBe('/a?order%5Ftoken=[redacted]&b=1')
    expect(redactUrl('/a?b=%E0&order_token=')).toBe('/a?b=%E0&order_token=[redacted]')
    expect(redactUrl('/a?tokens=1&token')).toBe('/a?tokens=1&token')
    expect(redactUrl('/plain')).toBe('/plain')
    // The names the API reads as a token's: a list item's is its list's (request-input.ts).
    expect(redactUrl('/a?order_token[]=x&token%5B7%5D=y&key[0]=z')).toBe(
      '/a?order_token[]=[redacted]&token%5B7%5D=[redacted]&key[0]=[redacted]',
    )
    expect(redactUrl('/a?order_tokens[]=1&keys[x]=2')).toBe('/a?order_tokens[]=1&keys[x]=2')
  })
})
