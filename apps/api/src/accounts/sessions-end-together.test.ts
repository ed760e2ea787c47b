// A new password and the end of the sessions the old one opened are one change: when any part of
// it fails (here the last, the account's carts getting new tokens, refused by a trigger standing
// for a write that fails), nothing of it is kept, and trying again does all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  changePassword,
  loggedInUser,
  login,
  mailedResetKey,
  setPasswordWithKey,
} from '../../tests/accounts.ts'
import { createCart } from '../../tests/cart.ts'
import { failingWritesPerTest } from '../../tests/failing-write.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import type { MailMessage } from '../mail/mailer.ts'

describe(`a password and the sessions it ends, changed together on ${testDialect}`, () => {
  let t: TestApp
  const mail: MailMessage[] = []

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      mailer: { send: async (message) => void mail.push(message), close() {} },
    })
  })
  afterAll(() => t.close())
  const writes = failingWritesPerTest(() => t.ctx.db)

  /** Makes every write to the user's carts (their new order tokens) fail. */
  async function failTokenRenewal(userId: number) {
    await writes.fail({
      name: 'fail_token_renewal',
      table: 'orders',
      on: 'update',
      when: `new.user_id = ${userId}`,
    })
  }

  const sessionWorks = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) }))
      .statusCode === 200
  const passwordWorks = async (email: string, password: string) =>
    (await login(t.app, email, password, '198.51.100.9')).statusCode === 200

  it('a reset link: the password, the link and the sessions stay as they were, and the link works again', async () => {
    const user = await loggedInUser(t.app)
    await createCart(t, user.token)
    const key = await mailedResetKey(t.app, mail, user.email)
    await failTokenRenewal(user.id)

    expect((await setPasswordWithKey(t.app, key, 'brand new secret')).statusCode).toBe(500)
    expect(await passwordWorks(user.email, 'brand new secret')).toBe(false)
    expect(await passwordWorks(user.email, user.password)).toBe(true)
    expect(await sessionWorks(user.token)).toBe(true)

    await writes.letThrough()
    expect((await setPasswordWithKey(t.app, key, 'brand new secret')).statusCode).toBe(200)
    expect(await passwordWorks(user.email, 'brand new secret')).toBe(true)
    expect(await sessionWorks(user.token)).toBe(false)
  })

  it('a change in the profile: the password and the other devices’ sessions stay as they were', async () => {
    const user = await loggedInUser(t.app)
    const other = (await login(t.app, user.email, user.password)).json().data.token as string
    await createCart(t, user.token)
    await failTokenRenewal(user.id)

    expect((await changePassword(t.app, user.token, user.password, 'brand new secret')).statusCode).toBe(500)
    expect(await passwordWorks(user.email, user.password)).toBe(true)
    expect(await sessionWorks(other)).toBe(true)
  })
})
