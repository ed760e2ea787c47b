import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SOCIAL_TOKEN_LIFETIME_SECONDS } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, login, mailedResetKey, register, setPasswordWithKey } from '../../tests/accounts.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { IP_FAILURES } from './auth-routes.ts'
import { FACEBOOK_MESSAGES } from './facebook.ts'

const APP_ID = '4242'
const APP_SECRET = 'graph-stand-in-secret'
/** The token the stand-in answers as Graph does when it is down: 500 with its error code 2. */
const OUTAGE_TOKEN = 'token-during-outage'

interface FakeUser {
  id: string
  email?: string
  first_name: string
  last_name: string
  /** Unix seconds; 0 never expires. */
  expiresAt: number
  appId?: string
}

/**
 * A stand-in for the Graph API on 127.0.0.1 with what Facebook answers: debug_token checked
 * with our app token, and /me checked with appsecret_proof.
 */
async function startGraph(users: Map<string, FakeUser>) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const oauthError = {
      error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
    }
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) return send(400, oauthError)
      if (url.searchParams.get('input_token') === OUTAGE_TOKEN) {
        return send(500, { error: { message: 'An unexpected error has occurred.', code: 2 } })
      }
      const user = users.get(url.searchParams.get('input_token') ?? '')
      if (!user) {
        return send(200, {
          data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        })
      }
      return send(200, {
        data: { app_id: user.appId ?? APP_ID, is_valid: true, user_id: user.id, expires_at: user.expiresAt },
      })
    }
    if (url.pathname === '/me') {
      const token = url.searchParams.get('access_token') ?? ''
      const user = users.get(token)
      const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex')
      if (!user || url.searchParams.get('appsecret_proof') !== proof) return send(400, oauthError)
      const { expiresAt: _expires, appId: _app, ...profile } = user
      return send(200, { ...profile, name: `${user.first_name} ${user.last_name}` })
    }
    send(404, { error: { message: 'Unknown path', code: 803 } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe(`Facebook login on ${testDialect}`, () => {
  let t: TestApp
  let graph: Awaited<ReturnType<typeof startGraph>>
  const users = new Map<string, FakeUser>()
  const mail: MailMessage[] = []
  const inOneHour = () => Math.floor(t.clock.now / 1000) + 3600

  beforeAll(async () => {
    graph = await startGraph(users)
    t = await createTestApp({
      seed: false,
      env: { FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_GRAPH_URL: graph.url },
      mailer: { send: async (message) => void mail.push(message), close() {} },
    })
  })
  afterAll(async () => {
    await t.close()
    await graph.close()
  })

  const facebookLogin = (accessToken: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/facebook/get_user',
      headers: { 'x-forwarded-for': ip },
      payload: { access_token: accessToken },
    })
  const me = (token: string) =>
    t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })

  it('creates an account from a valid token and answers our Bearer token (spec 9 expiry)', async () => {
    users.set('valid-token-new-fan', {
      id: '1001',
      email: 'marta.fb@example.com',
      first_name: 'Marta',
      last_name: 'Gil',
      expiresAt: inOneHour(),
    })
    const res = await facebookLogin('valid-token-new-fan')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ token_type: 'Bearer', expires_in: SOCIAL_TOKEN_LIFETIME_SECONDS })
    const user = await me(res.json().data.token)
    expect(user.json()).toMatchObject({
      email: 'marta.fb@example.com',
      first_name: 'Marta',
      username: 'mgil',
    })

    t.clock.advance(SOCIAL_TOKEN_LIFETIME_SECONDS * 1000 - 60_000)
    expect((await me(res.json().data.token)).statusCode).toBe(200)
    t.clock.advance(120_000)
    expect((await me(res.json().data.token)).statusCode).toBe(401)
  })

  it('finds the same account again by its Facebook id', async () => {
    users.set('valid-token-again', {
      id: '1001',
      email: 'marta.changed@example.com',
      first_name: 'Marta',
      last_name: 'Gil',
      expiresAt: 0,
    })
    const res = await facebookLogin('valid-token-again')
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().data.token)).json().email).toBe('marta.fb@example.com')
  })

  it('links an existing account with the same e-mail', async () => {
    const { body, user } = await register(t.app)
    users.set('valid-token-existing', {
      id: '1002',
      email: body.email,
      first_name: 'Ana',
      last_name: 'López',
      expiresAt: inOneHour(),
    })
    const res = await facebookLogin('valid-token-existing')
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().data.token)).json().id).toBe(user.id)
  })

  // An account registered with someone else's address, before they first continue with Facebook,
  // must not keep a way in for whoever registered it (account pre-hijacking).
  it('ends the password and sessions of an account whose address nobody confirmed when Facebook links it', async () => {
    const { body, user } = await register(t.app)
    const registrant = (await login(t.app, body.email, body.password)).json().data.token as string
    expect((await me(registrant)).statusCode).toBe(200)
    users.set('valid-token-owner', {
      id: '1003',
      email: body.email,
      first_name: 'Eva',
      last_name: 'Ruiz',
      expiresAt: inOneHour(),
    })
    mail.length = 0
    const res = await facebookLogin('valid-token-owner')
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().data.token)).json().id).toBe(user.id)
    expect((await me(registrant)).statusCode).toBe(401)
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(403)
    expect(mail).toEqual([
      expect.objectContaining({ to: body.email, text: expect.stringContaining('set a new password') }),
    ])
  })

  it('keeps the password of an account whose address a reset link confirmed', async () => {
    const { body } = await register(t.app)
    const key = await mailedResetKey(t.app, mail, body.email)
    const reset = await setPasswordWithKey(t.app, key, 'a password of my own')
    expect(reset.statusCode, reset.body).toBe(200)
    users.set('valid-token-confirmed', {
      id: '1004',
      email: body.email,
      first_name: 'Luz',
      last_name: 'Mar',
      expiresAt: inOneHour(),
    })
    expect((await facebookLogin('valid-token-confirmed')).statusCode).toBe(200)
    expect((await login(t.app, body.email, 'a password of my own')).statusCode).toBe(200)
  })

  it('refuses a token Facebook does not know with 401', async () => {
    const res = await facebookLogin('made-up-token-123')
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(FACEBOOK_MESSAGES.notAuthorized)
  })

  it('refuses an expired token with 401', async () => {
    users.set('expired-token', {
      id: '1003',
      email: 'late@example.com',
      first_name: 'Late',
      last_name: 'Fan',
      expiresAt: Math.floor(t.clock.now / 1000) - 1,
    })
    const res = await facebookLogin('expired-token')
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(FACEBOOK_MESSAGES.expired)
  })

  it('refuses a valid token that was issued to another app', async () => {
    users.set('other-app-token', {
      id: '1004',
      email: 'elsewhere@example.com',
      first_name: 'Else',
      last_name: 'Where',
      expiresAt: inOneHour(),
      appId: '9999',
    })
    expect((await facebookLogin('other-app-token')).statusCode).toBe(401)
  })

  it('asks for the e-mail when Facebook did not share it', async () => {
    users.set('no-email-token', { id: '1005', first_name: 'Quiet', last_name: 'Fan', expiresAt: inOneHour() })
    const res = await facebookLogin('no-email-token')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(FACEBOOK_MESSAGES.noEmail)
  })

  it('limits one IP to 20 refused Facebook logins in 15 minutes; another IP is not affected', async () => {
    users.set('valid-token-after-spray', {
      id: '1006',
      email: 'after.spray@example.com',
      first_name: 'After',
      last_name: 'Spray',
      expiresAt: inOneHour(),
    })
    for (let i = 0; i < IP_FAILURES.limit; i++) {
      expect((await facebookLogin(`made-up-token-${i}`, '198.51.100.30')).statusCode).toBe(401)
    }
    const locked = await facebookLogin('valid-token-after-spray', '198.51.100.30')
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBe('900')
    expect((await facebookLogin('valid-token-after-spray', '198.51.100.31')).statusCode).toBe(200)
  })

  it('says Facebook is out of reach (503) when Graph fails, and does not count it against the IP', async () => {
    users.set('valid-token-after-outage', {
      id: '1007',
      email: 'after.outage@example.com',
      first_name: 'After',
      last_name: 'Outage',
      expiresAt: inOneHour(),
    })
    for (let i = 0; i < IP_FAILURES.limit; i++) {
      const res = await facebookLogin(OUTAGE_TOKEN, '198.51.100.40')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ message: FACEBOOK_MESSAGES.unreachable, statusCode: 503 })
    }
    expect((await facebookLogin('valid-token-after-outage', '198.51.100.40')).statusCode).toBe(200)
  })

  it('says Facebook is out of reach (503) when Graph does not answer at all', async () => {
    const away = await createTestApp({
      seed: false,
      env: {
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9',
      },
    })
    try {
      const res = await away.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/facebook/get_user',
        payload: { access_token: 'a-token-never-checked' },
      })
      expect(res.json()).toEqual({ message: FACEBOOK_MESSAGES.unreachable, statusCode: 503 })
    } finally {
      await away.close()
    }
  })
})

describe(`Facebook login without configuration on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('says it is not available', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/facebook/get_user',
      payload: { access_token: 'valid-token-new-fan' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(FACEBOOK_MESSAGES.notConfigured)
  })
})
