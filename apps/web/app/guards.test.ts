// The route guards, as the middleware they are, against the real API (on a loopback port, over a
// private SQLite database), behind the root's visitor middleware.
import { describe, expect, it } from 'vitest'
import { seedAccounts } from '../../api/src/demo/accounts.ts'
import { testLoadContext } from '../tests/load-context.ts'
import { demoCustomerCookie, listeningApi } from '../tests/visitor.ts'
import { type GuardName, type GuardOption, guard } from './guards.server.ts'
import { visitorMiddleware } from './site/visitor.server.ts'

const api = listeningApi(seedAccounts)

const context = () => testLoadContext(fetch, api.baseUrl)

/** Runs the path's request through the visitor middleware and the guard: passed, or what stopped it. */
async function outcome<Name extends GuardName>(
  path: string,
  cookie: string | null,
  name: Name,
  option: GuardOption<Name>,
): Promise<{ status: number; location?: string | null } | 'passed'> {
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} })
  const args = { request, context: context(), params: {}, url: new URL(request.url), pattern: path }
  try {
    await visitorMiddleware(
      args,
      () => guard(name, option)(args, async () => new Response('page')) as Promise<Response>,
    )
    return 'passed'
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
    const init = (thrown as { init?: { status?: number } }).init
    return { status: init?.status ?? 0 }
  }
}

describe('the auth guard (spec 6)', () => {
  it('lets everyone through a page with auth: false', async () => {
    expect(await outcome('/shop', null, 'auth', false)).toBe('passed')
    expect(await outcome('/shop', await demoCustomerCookie(api), 'auth', false)).toBe('passed')
  })

  it('sends a guest from a logged-in page to /, remembering the page', async () => {
    expect(await outcome('/profile/orders?page=2', null, 'auth', true)).toEqual({
      status: 302,
      location: '/?redirectTo=%2Fprofile%2Forders%3Fpage%3D2',
    })
    expect(await outcome('/profile', await demoCustomerCookie(api), 'auth', true)).toBe('passed')
  })

  it('sends a logged-in user from a guest page home', async () => {
    expect(await outcome('/auth/login', await demoCustomerCookie(api), 'auth', 'guest')).toEqual({
      status: 302,
      location: '/',
    })
    expect(await outcome('/auth/login', null, 'auth', 'guest')).toBe('passed')
  })

  it('treats a revoked token as a guest', async () => {
    const cookie = await demoCustomerCookie(api)
    await api.t.ctx.db.updateTable('auth_sessions').set({ revoked_at: api.t.clock.now }).execute()
    expect(await outcome('/profile', cookie, 'auth', true)).toMatchObject({ status: 302 })
  })
})

describe('an unknown guard', () => {
  it('answers 500 at run time (and does not typecheck)', async () => {
    // @ts-expect-error: a guard that is not registered fails the typecheck.
    expect(await outcome('/', null, 'noSuchGuard', false)).toEqual({ status: 500 })
  })
})
