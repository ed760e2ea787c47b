/**
 * Every error the API answers is `{ message, statusCode }` with the same HTTP status
 * (spec section 8: message and status code, default 500). A 500 is a bug and is logged as one.
 */
import http from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { type LimitRefusal, limitRefusalMessage } from '@fanshop/core'
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { isUniqueViolation } from '../db/portable.ts'
import type { Header } from './security-headers.ts'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The limit that refused the request, answered beside the message (a 422 of the cart). */
    readonly limit?: LimitRefusal,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'You need to log in first.') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const unprocessable = (message: string) => new HttpError(422, message)
/** A 422 of the per-order limit or the per-fan cap: core's words for it unless `message` names the item. */
export const overLimit = (limit: LimitRefusal, message = limitRefusalMessage(limit)) =>
  new HttpError(422, message, limit)

/**
 * A write's failure on a unique constraint as a 409 saying `message` (a row saved elsewhere since
 * the write's own checks), any other error as it is: for a promise's `catch`.
 */
export const conflictOnUnique =
  (message: string) =>
  (error: unknown): never => {
    throw isUniqueViolation(error) ? new HttpError(409, message) : error
  }

/** WordPress's `orderby=include` orders by the include list: a 400 naming the list's `items` without one. */
export function assertIncludeOrder(query: { orderby?: string; include?: readonly number[] }, items: string) {
  if (query.orderby === 'include' && !query.include) {
    throw badRequest(`orderby=include orders by the include list: name the ${items} with include.`)
  }
}

export interface ErrorBody {
  message: string
  statusCode: number
  /** Our addition, which legacy clients ignore: which limit refused an item (core's LimitRefusal). */
  limit?: LimitRefusal
}

export interface ValidationIssue {
  instancePath?: string
  message?: string
  params?: { issue?: { path?: PropertyKey[]; message?: string } }
}

/** The answer to a request that sent no body (or an empty one) where its endpoint reads one. */
export const MISSING_BODY_MESSAGE = 'The request body is missing: send a JSON object.'

/**
 * The answer to a body that is JSON but not an object (`42`, `[]`, `"x"`, `true`, `null`) where
 * its endpoint reads one, naming what came: "The request body is an array: send a JSON object."
 */
export function notAnObjectBodyMessage(body: unknown): string {
  const what = Array.isArray(body)
    ? 'an array'
    : typeof body === 'number'
      ? 'a number'
      : typeof body === 'string'
        ? 'a string'
        : String(body)
  return `The request body is ${what}: send a JSON object.`
}

/**
 * Turns a schema validation failure into one readable sentence naming the field: `issues` as the
 * validator compiler reports them, `where` the part of the request (querystring, params, body),
 * `bodySent` false when the request came without a body, which the validator sees as null.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  where: string,
  fallback: string,
  bodySent = true,
): string {
  if (where === 'body' && !bodySent) return MISSING_BODY_MESSAGE
  const first = issues[0]
  const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || ''
  const what = first?.message ?? fallback
  return field ? `Invalid ${where} parameter "${field}": ${what}` : `Invalid ${where}: ${what}`
}

/**
 * Fastify's answer when the router cannot read the URL (a malformed %-escape): the same body as
 * every other error, not Fastify's own (which adds `error` and `code`), with the security headers
 * of an API answer (`headers`), which no hook adds before a route is found.
 */
export function answerFrameworkError(
  headers: readonly Header[],
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
) {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : error.message
  for (const [name, value] of headers) reply.header(name, value)
  return reply.status(statusCode).send({ statusCode, message } satisfies ErrorBody)
}

/** Writes a `{ message, statusCode }` answer straight to a socket Node handed over, then closes it. */
function answerOnSocket(
  headers: readonly Header[],
  socket: Duplex,
  statusCode: number,
  message: string,
  error?: Error,
) {
  const body = JSON.stringify({ message, statusCode } satisfies ErrorBody)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * Node's answer to a request it cannot even parse (headers too large, a broken request line, a
 * client too slow): written straight to the socket, with the same `{ message, statusCode }` body
 * and the security headers of an API answer (`headers`).
 */
export function answerClientError(
  headers: readonly Header[],
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is malformed.']
  answerOnSocket(headers, socket, statusCode, message, error)
}

/**
 * The answer to CONNECT, a proxy's tunnel: Node hands it to no route and, with no listener of its
 * own, closes the connection unanswered. The socket is ours from here, errors and all.
 */
export function answerConnect(headers: readonly Header[], socket: Duplex) {
  socket.on('error', () => {})
  answerOnSocket(headers, socket, 400, 'This server is not a proxy: it takes no CONNECT.')
}

/**
 * The answer to an error a handler threw: a 4xx as it is, and an HttpError of any status (a 503
 * that says what is out of reach), anything else a 500 logged as a bug.
 * `bodySent` false when the request came without a body.
 */
export function errorBody(error: FastifyError, log: FastifyBaseLogger, bodySent = true): ErrorBody {
  if (error.validation) {
    const where = error.validationContext ?? 'request'
    return { statusCode: 400, message: describeValidation(error.validation, where, error.message, bodySent) }
  }
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (error instanceof HttpError && error.limit) {
    return { statusCode, message: error.message, limit: error.limit }
  }
  if (error instanceof HttpError || (statusCode >= 400 && statusCode < 500)) {
    return { statusCode, message: error.message }
  }
  log.error({ err: error }, 'unhandled error')
  return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
    const body = errorBody(error, request.log, request.body !== undefined)
    // A client error's own headers go with it, as with Fastify's handler: the file server's 416 (a
    // range past the end of a file) names the file's size, `Content-Range: bytes */size`, as RFC
    // 9110 (14.4, 15.5.17) has it. A 500's are its cause's, not the answer's.
    if (body.statusCode < 500 && error.headers) reply.headers(error.headers)
    return reply.status(body.statusCode).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    return reply.status(404).send({ statusCode: 404, message: `No API endpoint ${request.method} ${path}.` })
  })
}
