/**
 * How every request's query and JSON body are read, once for all routes, the way the clients
 * of the APIs our paths come from send them: a repeated query parameter takes its last value
 * (as WordPress and WooCommerce do: the WooCommerce JS client repeats `per_page`), and
 * `content-type: application/json` with no body is no body (clients send it on DELETE).
 */
import type { FastifyInstance } from 'fastify'

/** The query string as one string per name, the last one when a name repeats. */
export function parseQuerystring(search: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null)
  for (const [name, value] of new URLSearchParams(search)) query[name] = value
  return query
}

/** Fastify's own JSON parser (prototype poisoning refused), with an empty body read as none. */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    return parseJson(request, String(body), done)
  })
}
