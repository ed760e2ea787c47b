/**
 * For the storefront's server tests: the real API listening on a loopback port for one test file,
 * and one request of a visitor whose signed session cookie holds what a test gives it, resolved by
 * the visitor middleware as a page request is.
 */
import { afterAll, beforeAll } from 'vitest'
import { createTestApp, type TestApp } from '../../api/tests/test-app.ts'
import { visitorMiddleware } from '../app/site/visitor.server.ts'
import { type SessionData, writeSession } from '../app/site/visitor-session.server.ts'
import type { testLoadContext } from './load-context.ts'

/** The file's API (no demo content) and its address, set before its tests run. */
export function listeningApi(): { readonly t: TestApp; readonly baseUrl: string } {
  const api = {} as { t: TestApp; baseUrl: string }
  beforeAll(async () => {
    api.t = await createTestApp({ seed: false })
    api.baseUrl = await api.t.app.listen({ host: '127.0.0.1', port: 0 })
  }, 60_000)
  afterAll(() => api.t.close())
  return api
}

/** Runs `work` inside one request to `path` of a visitor whose session holds `session`. */
export async function inVisitorRequest<T>(
  context: ReturnType<typeof testLoadContext>,
  session: SessionData,
  work: () => Promise<T>,
  path = '/checkout',
): Promise<T> {
  const [cookie] = writeSession(session, [], context, Date.now())
  const request = new Request(`http://shop.test${path}`, { headers: { cookie: cookie!.split(';')[0]! } })
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
