// /auth/facebook as the password login's /auth/login: a logged-in visitor's post goes home before
// anything is asked of the API, so it never opens a second session over the one they have. Against
// the real API (on a loopback port, over a private SQLite database), behind the root's visitor
// middleware and the route's own.
import { describe, expect, it } from 'vitest'
import { seedAccounts } from '../../../api/src/demo/accounts.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { demoCustomerCookie, listeningApi } from '../../tests/visitor.ts'
import { visitorMiddleware } from '../site/visitor.server.ts'
import * as facebookRoute from './routes/facebook.tsx'

const api = listeningApi(seedAccounts)

const FACEBOOK_LOGIN = '/wp-json/wp/v2/facebook/get_user'

/** Posts a Facebook access token to /auth/facebook; answers the response and the API paths it asked. */
async function postFacebookLogin(cookie: string | null) {
  const asked: string[] = []
  const apiFetch: typeof fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : input).pathname)
    return fetch(input, init)
  }
  const context = testLoadContext(apiFetch, api.baseUrl)
  const request = new Request('http://shop.test/auth/facebook', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ access_token: 'a-facebook-access-token' }),
  })
  const args = { request, context, params: {}, url: new URL(request.url), pattern: '/auth/facebook' }
  const chain = [visitorMiddleware, ...(facebookRoute.middleware ?? [])]
  const run = async (index: number): Promise<Response> => {
    const middleware = chain[index]
    if (middleware) return (await middleware(args, () => run(index + 1))) as Response
    const result = await facebookRoute.action(args as Parameters<typeof facebookRoute.action>[0])
    return Response.json((result as { data?: unknown }).data ?? result, {
      status: (result as { init?: { status?: number } }).init?.status ?? 200,
    })
  }
  try {
    return { response: await run(0), asked }
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, asked }
    throw thrown
  }
}

describe('continuing with Facebook', () => {
  it('sends a logged-in visitor home, as the password login does, without opening another session', async () => {
    const sessions = async () =>
      (await api.t.ctx.db.selectFrom('auth_sessions').select('id').execute()).length
    const cookie = await demoCustomerCookie(api)
    const before = await sessions()
    const { response, asked } = await postFacebookLogin(cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
    expect(asked).not.toContain(FACEBOOK_LOGIN)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await sessions()).toBe(before)
  })

  it('still takes a guest’s login to the API', async () => {
    const { asked } = await postFacebookLogin(null)
    expect(asked).toContain(FACEBOOK_LOGIN)
  })
})
