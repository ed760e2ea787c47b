// The route guards against the real API (on a loopback port, over a private SQLite database).
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts } from '../../api/src/demo/accounts.ts'
import { createTestApp, type TestApp } from '../../api/src/testing/test-app.ts'
import { authTokenSetCookie } from './accounts/session.server.ts'
import { type GuardName, runGuard } from './guards.server.ts'

let t: TestApp
let context: AppLoadContext

beforeAll(async () => {
  // Only the accounts' demo data is needed: the demo customer logs in.
  t = await createTestApp({ seed: false })
  await seedAccounts(t.ctx)
  const apiBaseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
  context = {
    apiBaseUrl,
    publicUrl: 'http://shop.test',
    apiFetch: fetch,
    secureCookies: false,
    clientIp: null,
  } as AppLoadContext
}, 60_000)
afterAll(() => t.close())

/** A request for the path, with the auth cookie of a freshly logged-in demo customer when asked. */
async function request(path: string, loggedIn: boolean): Promise<Request> {
  const headers = new Headers()
  if (loggedIn) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/jwt-auth/v1/token',
      payload: { username: 'demo@example.com', password: 'demo-password' },
    })
    const { token, expires_in } = res.json().data
    headers.set('cookie', (await authTokenSetCookie(context, token, expires_in)).split(';')[0]!)
  }
  return new Request(`http://shop.test${path}`, { headers })
}

async function outcome(
  promise: Promise<void>,
): Promise<{ status: number; location?: string | null } | 'passed'> {
  try {
    await promise
    return 'passed'
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
    const init = (thrown as { init?: { status?: number } }).init
    return { status: init?.status ?? 0 }
  }
}

describe('the auth guard (spec 6)', () => {
  it('lets everyone through a page with auth: false', async () => {
    expect(await outcome(runGuard('auth', { request: await request('/shop', false), context }, false))).toBe(
      'passed',
    )
    expect(await outcome(runGuard('auth', { request: await request('/shop', true), context }, false))).toBe(
      'passed',
    )
  })

  it('sends a guest from a logged-in page to /, remembering the page', async () => {
    const result = await outcome(
      runGuard('auth', { request: await request('/profile/orders?page=2', false), context }, true),
    )
    expect(result).toEqual({ status: 302, location: '/?redirectTo=%2Fprofile%2Forders%3Fpage%3D2' })
    expect(await outcome(runGuard('auth', { request: await request('/profile', true), context }, true))).toBe(
      'passed',
    )
  })

  it('sends a logged-in user from a guest page home', async () => {
    expect(
      await outcome(runGuard('auth', { request: await request('/auth/login', true), context }, 'guest')),
    ).toEqual({
      status: 302,
      location: '/',
    })
    expect(
      await outcome(runGuard('auth', { request: await request('/auth/login', false), context }, 'guest')),
    ).toBe('passed')
  })

  it('treats a revoked token as a guest', async () => {
    const req = await request('/profile', true)
    const token = req.headers.get('cookie')!
    await t.ctx.db.updateTable('auth_sessions').set({ revoked_at: t.clock.now }).execute()
    const again = new Request('http://shop.test/profile', { headers: { cookie: token } })
    expect(await outcome(runGuard('auth', { request: again, context }, true))).toMatchObject({ status: 302 })
  })
})

describe('an unknown guard', () => {
  it('answers 500 at run time (and does not typecheck)', async () => {
    const name = 'noSuchGuard' as GuardName
    expect(await outcome(runGuard(name, { request: await request('/', false), context }, false))).toEqual({
      status: 500,
    })
  })
})
