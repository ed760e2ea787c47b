import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, changePassword, loggedInUser, login } from '../../tests/accounts.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedAccounts } from '../demo/accounts.ts'
import { WRONG_OLD_PASSWORD_MESSAGE } from './profile-routes.ts'

describe(`profile calls on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    await seedAccounts(t.ctx)
  })
  afterAll(() => t.close())

  it('answers the user navigation in the shape of spec 7', async () => {
    const { token } = await loggedInUser(t.app)
    const res = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/user/menu', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      data: [
        { title: 'My profile', url: '/profile' },
        { title: 'My details', url: '/profile/details' },
        { title: 'My orders', url: '/profile/orders' },
        { title: 'My addresses', url: '/profile/addresses' },
        { title: 'Password', url: '/profile/password' },
        { title: 'Settings', url: '/profile/settings' },
      ],
    })
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/user/menu' })).statusCode).toBe(401)
  })

  it('reads and saves settings, some or all at once', async () => {
    const { token } = await loggedInUser(t.app)
    const read = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/user/settings',
      headers: bearer(token),
    })
    expect(read.json()).toEqual({ newsletter: false, order_updates: true, preferred_size: null })

    const saved = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/settings',
      headers: bearer(token),
      payload: { newsletter: true, preferred_size: 'M' },
    })
    expect(saved.json()).toEqual({ newsletter: true, order_updates: true, preferred_size: 'M' })
    const me = await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })
    expect(me.json().preferences).toEqual({ newsletter: true, order_updates: true, preferred_size: 'M' })

    const bad = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/settings',
      headers: bearer(token),
      payload: { preferred_size: 'XXXL' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/preferred_size/)
  })

  it('answers the details the profile shows', async () => {
    const { id, email, token } = await loggedInUser(t.app)
    const res = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/user/details',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id,
      email,
      first_name: 'Ana',
      last_name: 'López',
      name: 'Ana López',
      gender: 'Female',
      birthday: '1990-03-07',
      phone: null,
    })
    expect(Date.parse(res.json().date_created)).not.toBeNaN()
  })

  it("reads and updates the user's own customer record", async () => {
    const { id, token } = await loggedInUser(t.app)
    const read = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${id}`,
      headers: bearer(token),
    })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ id, role: 'customer', first_name: 'Ana' })

    const updated = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/customers/${id}`,
      headers: bearer(token),
      payload: {
        first_name: 'Anabel',
        meta_data: [
          { key: 'phone', value: '+34 600 123 456' },
          { key: 'birthday', value: '1992-02-29' },
          { key: 'gender', value: '' },
        ],
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      first_name: 'Anabel',
      last_name: 'López',
      meta_data: [
        { key: 'gender', value: '' },
        { key: 'birthday', value: '1992-02-29' },
        { key: 'phone', value: '+34 600 123 456' },
      ],
    })
    const details = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/user/details',
      headers: bearer(token),
    })
    expect(details.json()).toMatchObject({ name: 'Anabel López', gender: null, phone: '+34 600 123 456' })
  })

  it('stores the phone as validated, without the spaces around it', async () => {
    const { id, token } = await loggedInUser(t.app)
    const updated = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/customers/${id}`,
      headers: bearer(token),
      payload: { meta_data: [{ key: 'phone', value: '  +34 600 000 000  ' }] },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().meta_data).toContainEqual({ key: 'phone', value: '+34 600 000 000' })
    const row = await t.ctx.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirst()
    expect(row?.phone).toBe('+34 600 000 000')
  })

  it('refuses invalid details with the rules of spec 5', async () => {
    const { id, token } = await loggedInUser(t.app)
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/wp-json/wc/v3/customers/${id}`, headers: bearer(token), payload })
    const name = await update({ last_name: 'L)' })
    expect(name.statusCode).toBe(400)
    expect(name.json().message).toContain('Special characters like')
    expect((await update({ meta_data: [{ key: 'birthday', value: '1991-02-29' }] })).statusCode).toBe(400)
    expect((await update({ meta_data: [{ key: 'gender', value: 'Other' }] })).statusCode).toBe(400)
    expect((await update({ meta_data: [{ key: 'role', value: 'admin' }] })).statusCode).toBe(400)
  })

  it('takes a birthday by the shop clock at the time of the update, as registration does', async () => {
    const was = t.clock.now
    // A year on from the server's start: the year choices have turned since.
    const year = new Date(was).getUTCFullYear() + 1
    t.clock.now = Date.UTC(year, 0, 10, 12)
    try {
      const { id, token } = await loggedInUser(t.app)
      const update = (birthday: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/wp-json/wc/v3/customers/${id}`,
          headers: bearer(token),
          payload: { meta_data: [{ key: 'birthday', value: birthday }] },
        })
      const newborn = await update(`${year}-01-10`)
      expect(newborn.statusCode, newborn.body).toBe(200)
      expect(newborn.json().meta_data).toContainEqual({ key: 'birthday', value: `${year}-01-10` })
      const unborn = await update(`${year}-01-12`)
      expect(unborn.statusCode).toBe(400)
      expect(unborn.json().message).toContain('A birthday cannot be in the future.')
    } finally {
      t.clock.now = was
    }
  })

  it("answers 403 for someone else's customer id, and 401 without a token", async () => {
    const me = await loggedInUser(t.app)
    const other = await loggedInUser(t.app)
    const read = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${other.id}`,
      headers: bearer(me.token),
    })
    expect(read.statusCode).toBe(403)
    const write = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/customers/${other.id}`,
      headers: bearer(me.token),
      payload: { first_name: 'Mallory' },
    })
    expect(write.statusCode).toBe(403)
    const row = await t.ctx.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', other.id)
      .executeTakeFirst()
    expect(row?.first_name).toBe('Ana')
    expect((await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/customers/${me.id}` })).statusCode).toBe(
      401,
    )
  })

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await loggedInUser(t.app)
    const elsewhere = (await login(t.app, user.email, user.password)).json().data.token
    const change = (oldPassword: string) => changePassword(t.app, user.token, oldPassword, 'battery staple')
    const wrong = await change('not my password')
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().message).toBe(WRONG_OLD_PASSWORD_MESSAGE)

    expect((await change(user.password)).statusCode).toBe(200)
    const me = (token: string) =>
      t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })
    expect((await me(user.token)).statusCode).toBe(200)
    expect((await me(elsewhere)).statusCode).toBe(401)
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(403)
    expect((await login(t.app, user.email, 'battery staple')).statusCode).toBe(200)
  })
})
