// The reset link's page (/auth/reset/setpassword?key=...) against the real API (on a loopback port,
// over a private SQLite database): a link that cannot set a password says so, with a 400, when the
// page opens, and opening a working one does not use it up.
import { RESET_LINK_INCOMPLETE_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailMessage } from '../../../api/src/mail/mailer.ts'
import { mailedResetKey, register, setPasswordWithKey } from '../../../api/tests/accounts.ts'
import { createTestApp, type TestApp } from '../../../api/tests/test-app.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { loader } from './routes/set-password.tsx'

let t: TestApp
let apiBaseUrl: string
const mail: MailMessage[] = []

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    mailer: { send: async (message) => void mail.push(message), close() {} },
  })
  apiBaseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
}, 60_000)
afterAll(() => t.close())

type LinkState = { key: string; broken: string | null; deadLink: boolean }

/** The page's loader for this address, opened by `clientIp` (else the loopback): its status and
 *  what it gives the page. */
async function open(search: string, clientIp: string | null = null) {
  const url = new URL(`http://shop.test/auth/reset/setpassword${search}`)
  const context = Object.assign(testLoadContext(fetch, apiBaseUrl), { clientIp })
  const args = { request: new Request(url), url, context, params: {} }
  const answer = (await loader(args as unknown as Parameters<typeof loader>[0])) as
    | LinkState
    | { data: LinkState; init: { status: number } }
  return 'init' in answer ? { status: answer.init.status, ...answer.data } : { status: 200, ...answer }
}

/** A fresh account's reset key, as its e-mail carries it. */
async function resetKey(): Promise<string> {
  const { body } = await register(t.app)
  return mailedResetKey(t.app, mail, body.email)
}

const setPassword = (key: string) => setPasswordWithKey(t.app, key, 'brand new secret')

describe('the reset link’s page', () => {
  it('says at once, with a 400, that a link without its key or cut short cannot work', async () => {
    for (const search of ['', '?key=', '?key=abc']) {
      expect(await open(search)).toEqual({
        status: 400,
        key: '',
        broken: RESET_LINK_INCOMPLETE_MESSAGE,
        deadLink: true,
      })
    }
  })

  it('says at once, with a 400, that an unknown or used link cannot work', async () => {
    expect(await open(`?key=${'u'.repeat(43)}`)).toEqual({
      status: 400,
      key: '',
      broken: RESET_LINK_INVALID_MESSAGE,
      deadLink: true,
    })
    const key = await resetKey()
    expect((await setPassword(key)).statusCode).toBe(200)
    expect(await open(`?key=${key}`)).toEqual({
      status: 400,
      key: '',
      broken: RESET_LINK_INVALID_MESSAGE,
      deadLink: true,
    })
  })

  it('shows the form for a working link, which opening the page does not use up', async () => {
    const key = await resetKey()
    expect(await open(`?key=${key}`)).toEqual({ status: 200, key, broken: null, deadLink: false })
    expect(await open(`?key=${key}`)).toEqual({ status: 200, key, broken: null, deadLink: false })
    expect((await setPassword(key)).statusCode).toBe(200)
  })

  it('says to wait, not to ask for a new link, once its client has opened too many dead links', async () => {
    const clientIp = `198.51.100.${1 + Math.floor(Math.random() * 250)}`
    let locked = await open(`?key=${'d'.repeat(43)}`, clientIp)
    for (let tries = 1; locked.status === 400 && tries < 30; tries += 1) {
      locked = await open(`?key=${'d'.repeat(43)}`, clientIp)
    }
    expect(locked).toMatchObject({ status: 429, key: '', deadLink: false })
    expect(locked.broken).toMatch(/try again/)
    // A working link opened by another client is not affected.
    const key = await resetKey()
    expect(await open(`?key=${key}`)).toEqual({ status: 200, key, broken: null, deadLink: false })
  })
})
