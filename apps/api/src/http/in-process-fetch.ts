/**
 * A `fetch` that dispatches to this Fastify instance without a socket (light-my-request),
 * used by the storefront when it runs in the same process as the API. It always asks for the
 * body as it is (Accept-Encoding: identity): compressing a reply only to inflate it in the same
 * process would be CPU spent for nothing, and callers read the body as plain JSON.
 * It dispatches to the app's router rather than through `app.inject`, which refuses once a
 * graceful shutdown has begun: a page already being rendered then still gets its answers, and the
 * database closes only after it (server.ts).
 * The visitor's address, which the storefront sends as X-Forwarded-For, becomes the request's
 * peer address: no proxy stands between the two in one process, and the API believes that header
 * only from a peer TRUST_PROXY names, which loopback is not behind a proxy elsewhere. Without it
 * every visitor's calls counted against 127.0.0.1, and one visitor's failed logins locked all out.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify'
import { inject } from 'light-my-request'

export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, key) => {
      headers[key] = value
    })
    headers['accept-encoding'] = 'identity'
    const visitor = headers['x-forwarded-for']
    delete headers['x-forwarded-for']
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const response = await inject(app.routing, {
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      ...(visitor ? { remoteAddress: visitor } : {}),
      ...(body ? { payload: body } : {}),
    })
    const responseHeaders = new Headers()
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item))
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD'
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    })
  }
}
