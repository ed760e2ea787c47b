/**
 * How every request's query and JSON body are read, once for all routes, the way the clients
 * of the APIs our paths come from send them: a repeated query parameter takes its last value
 * (as WordPress and WooCommerce do: the WooCommerce JS client repeats `per_page`), lists come
 * as `name[]` or `name[0]` too, and
 * `content-type: application/json` with no body is no body (clients send it on DELETE).
 */
import type { FastifyInstance } from 'fastify'

/** `exclude[]` or `exclude[0]`: one item of a list parameter, as PHP reads them. */
const LIST_ITEM = /^(.+)\[\d*\]$/

/**
 * The query string as one string per name: the last value when a name repeats, and the items
 * of a list sent as `name[]=` or `name[0]=` joined with commas (`exclude[0]=15&exclude[1]=16` is
 * `exclude=15,16`, the id list form WordPress also takes).
 */
export function parseQuerystring(search: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null)
  const lists = new Map<string, string[]>()
  for (const [name, value] of new URLSearchParams(search)) {
    const list = LIST_ITEM.exec(name)?.[1]
    if (list === undefined) query[name] = value
    else lists.set(list, [...(lists.get(list) ?? []), value])
  }
  for (const [name, values] of lists) query[name] = values.join(',')
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
