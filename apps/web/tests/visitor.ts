/**
 * For the storefront's server tests: the real API listening on a loopback port for one test file,
 * the session cookie of a visitor whose session holds what a test gives it (the demo customer's,
 * logged in), and one request of such a visitor, resolved by the visitor middleware as a page
 * request is.
 */
import { afterAll, beforeAll } from 'vitest'
import type { SeedContext } from '../../api/src/demo/seed.ts'
import { createTestApp, type TestApp } from '../../api/tests/test-app.ts'
import { visitorMiddleware } from '../app/site/visitor.server.ts'
import { type SessionData, writeSession } from '../app/site/visitor-session.server.ts'
import { testLoadContext } from './load-context.ts'

export interface ListeningApi {
  readonly t: TestApp
  readonly baseUrl: string
}

/**
 * The file's API and its address, set before its tests run: no demo content but what `seed` writes
 * (the demo's accounts, its cart's products).
 */
export function listeningApi(seed?: (ctx: SeedContext) => Promise<void>): ListeningApi {
  const api = {} as { t: TestApp; baseUrl: string }
  beforeAll(async () => {
    api.t = await createTestApp({ seed: false })
    await seed?.(api.t.ctx)
    api.baseUrl = await api.t.app.listen({ host: '127.0.0.1', port: 0 })
  }, 60_000)
  afterAll(() => api.t.close())
  return api
}

/** The `name=value` of the session cookie of a visitor whose session holds `session`. */
export function sessionCookie(context: ReturnType<typeof testLoadContext>, session: SessionData): string {
  const [cookie] = writeSession(session, [], context, Date.now())
  return cookie!.split(';')[0]!
}

/** The session cookie of the demo customer (seedAccounts), freshly logged in by password. */
export async function demoCustomerCookie(api: ListeningApi): Promise<string> {
  const res = await api.t.app.inject({
    method: 'POST',
    url: '/wp-json/jwt-auth/v1/token',
    payload: { username: 'demo@example.com', password: 'demo-password' },
  })
  const { token, expires_in } = res.json().data
  const auth = { value: token, expiresAt: Date.now() + expires_in * 1000 }
  return sessionCookie(testLoadContext(fetch, api.baseUrl), { auth })
}

/** Runs `work` inside one request to `path` of a visitor whose session holds `session`. */
export async function inVisitorRequest<T>(
  context: ReturnType<typeof testLoadContext>,
  session: SessionData,
  work: () => Promise<T>,
  path = '/checkout',
): Promise<T> {
  const request = new Request(`http://shop.test${path}`, {
    headers: { cookie: sessionCookie(context, session) },
  })
  let result: T | undefined
  await visitorMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: path },
    async () => {
      result = await work()
      return new Response(null)
    },
  )
  return result as T
}
