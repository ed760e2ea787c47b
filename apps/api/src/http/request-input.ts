/**
 * How every request's query and JSON body are read, once for all routes, the way the clients
 * of the APIs our paths come from send them: a repeated query parameter takes its last value
 * (as WordPress and WooCommerce do: the WooCommerce JS client repeats `per_page`), lists come
 * as `name[]` or `name[0]` too, and
 * `content-type: application/json` with no body is no body (clients send it on DELETE), and a
 * JSON body where a route reads one is an object.
 * A Range header that cannot be read is no Range header.
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify'
import { badRequest, notAnObjectBodyMessage } from './errors.ts'

/** `exclude[]` or `exclude[0]`: one item of a list parameter, as PHP reads them. */
const LIST_ITEM = /^(.+)\[\d*\]$/

/** The name a query parameter is read as: a list item's (`exclude[0]`) is its list's (`exclude`). */
export function queryNameAsRead(name: string): string {
  return LIST_ITEM.exec(name)?.[1] ?? name
}

/**
 * The query string as one string per name: the last value when a name repeats, and the items
 * of a list sent as `name[]=` or `name[0]=` joined with commas (`exclude[0]=15&exclude[1]=16` is
 * `exclude=15,16`, the id list form WordPress also takes).
 */
export function parseQuerystring(search: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null)
  const lists = new Map<string, string[]>()
  for (const [name, value] of new URLSearchParams(search)) {
    const asRead = queryNameAsRead(name)
    if (asRead === name) query[name] = value
    else lists.set(asRead, [...(lists.get(asRead) ?? []), value])
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

/** A body that a route reading a JSON body takes on to its validation: none, or an object. */
const refuseBodyNotAnObject: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body
  if (body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body))) return done()
  done(badRequest(notAnObjectBodyMessage(body)))
}

/**
 * Every route that reads a JSON body (its schema has one; a multipart upload reads its own parts)
 * refuses a body that is JSON but not an object (`42`, `[]`, `"x"`, `true`, `null`) with 400 in the
 * shop's words, before its validation and its handler: the validation answered in zod's words
 * ("expected object, received number"), and a schema that lets a missing body through, which the
 * validation sees as null, took a `null` sent as the body (a cart was made for it).
 */
export function refuseBodiesNotObjects(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; consumes?: readonly string[] } | undefined
    if (!schema?.body || schema.consumes?.includes('multipart/form-data')) return
    route.preValidation = [
      refuseBodyNotAnObject,
      ...(route.preValidation === undefined ? [] : [route.preValidation].flat()),
    ]
  })
}

/** One byte range of a Range header: `first-last`, `first-` or `-suffix` (RFC 9110, 14.1.2). */
const BYTE_RANGE = /^(?:(\d+)-(\d*)|-\d+)$/

/**
 * Whether a Range header is a set of byte ranges, each readable: its unit `bytes` and no range
 * whose last byte comes before its first (such a range is invalid, RFC 9110 14.1.1).
 */
export function readableByteRanges(header: string): boolean {
  if (!header.startsWith('bytes=')) return false
  // Empty list elements are allowed (RFC 9110, 5.6.1); at least one range is not.
  const ranges = header
    .slice('bytes='.length)
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean)
  return (
    ranges.length > 0 &&
    ranges.every((range) => {
      const [whole, first, last] = BYTE_RANGE.exec(range) ?? []
      return whole !== undefined && (!last || BigInt(last) >= BigInt(first!))
    })
  )
}

/**
 * A Range header the server cannot read (`bytes=abc`, `bytes=5-2`, another unit) is ignored and
 * the whole file answered 200, as RFC 9110 (14.2) has it: the file server (@fastify/send)
 * answered 416, which is for readable ranges that lie past the end of the file, to the first two.
 */
export function ignoreUnreadableRanges(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const range = request.headers.range
    if (range !== undefined && !readableByteRanges(range)) delete request.raw.headers.range
    done()
  })
}
