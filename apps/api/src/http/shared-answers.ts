/**
 * The API's answers that are the same for every caller (core's `shared` endpoints: the catalogue,
 * the content, the menus and the reference lists), kept in the page cache under its rules
 * (page-cache.ts, docs/decisions/0009): fresh for PAGE_CACHE_SECONDS, dropped by a write that
 * changes what the shop shows, and never served past their fresh seconds after a stock change (a
 * product's stock is in its answer). On drop day the spec's API clients read the product list and
 * the product as the storefront's visitors read its pages, so each answer is read once every few
 * seconds rather than once per caller: the list of 24 products costs several milliseconds of CPU
 * to read, describe, serialize and compress. One request at a time reads an answer; those that
 * arrive meanwhile wait for it, or get the expired copy while it is read again. Kept compressed
 * both ways, each encoding with its own ETag. Nothing is kept where the page cache is off
 * (PAGE_CACHE_SECONDS=0, development, the API without the storefront in tests).
 */
import { Readable } from 'node:stream'
import type { Endpoint } from '@fanshop/core'
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify'
import { type CachedPage, keptBody, namesTag, pageCacheOf } from './page-cache.ts'
import { pageEncoding } from './page-compression.ts'

/** The request reading an answer for the cache: the version it reads under, and where its answer goes. */
interface Reading {
  version: string
  kept: (page: Promise<CachedPage | null> | null) => void
}

const readings = new WeakMap<FastifyRequest, Reading>()

/**
 * Sets the headers of a kept answer's representation for this caller (its route's own headers,
 * its encoding and that encoding's ETag) and gives its body, or null when the caller already has it.
 */
function representation(request: FastifyRequest, reply: FastifyReply, page: CachedPage): Buffer | null {
  for (const [name, value] of page.headers) reply.header(name, value)
  const encoding = pageEncoding(request.headers['accept-encoding'], 'application/json')
  const etag = page.etags[encoding ?? 'identity']
  reply.header('vary', 'Accept-Encoding').header('etag', etag)
  if (namesTag(request.headers['if-none-match'], etag)) return null
  if (encoding) reply.header('content-encoding', encoding)
  return keptBody(page, encoding ?? 'identity')
}

/** Sends a kept answer: no read, no serialization, no compression. */
function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: string) {
  const body = representation(request, reply, page)
  reply
    .header('age', Math.floor((request.server.shop.now() - page.renderedAt) / 1000))
    .header('x-page-cache', state)
  return body ? reply.code(page.status).send(body) : reply.code(304).send()
}

/**
 * Answers from the cache when it can: a fresh copy, the expired copy while another request reads
 * it again, or the answer another request is reading. Otherwise this request reads it, for the
 * cache when the answer is in demand (an expired copy, or a key asked for before: `askedBefore`).
 */
const serveKept: onRequestHookHandler = async (request, reply) => {
  if (request.method !== 'GET') return
  const cache = pageCacheOf(request.server.shop)
  const key = cache?.answerKeyOf(request.url)
  if (!cache || !key) return
  const found = await cache.lookup(key)
  const running = cache.inFlight(key)
  if (found && (found.state === 'hit' || running)) return sendKept(request, reply, found.page, found.state)
  if (running) {
    const page = await running
    // Not kept (a 404, a failed read): this request reads for itself.
    if (page) return sendKept(request, reply, page, 'hit')
    return
  }
  reply.header('x-page-cache', 'miss')
  if (!found && !cache.askedBefore(key)) return
  const version = cache.currentVersion()
  let kept: Reading['kept'] = () => {}
  cache.fill(key, () => new Promise((resolve) => (kept = resolve)))
  readings.set(request, { version, kept })
}

/**
 * Hands the answer read to the cache, as written, and sends the caller the kept copy, compressed
 * once for both. A long list is written as a stream of chunks already in memory (typed-answer.ts):
 * they are gathered first, and sent as they were when the answer is not one to keep.
 */
const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const reading = readings.get(request)
  const cache = pageCacheOf(request.server.shop)
  if (!reading || !cache) return done(null, payload)
  readings.delete(request)
  const keep = (body: Buffer, unkept: unknown) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one))
    }
    const prepared = cache.prepareAnswer(reply.statusCode, headers, body, reading.version).catch(() => null)
    reading.kept(prepared)
    void prepared.then((page) => {
      if (!page) return done(null, unkept)
      const kept = representation(request, reply, page)
      if (!kept) reply.code(304)
      done(null, kept ?? '')
    })
  }
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return keep(Buffer.from(payload), payload)
  if (!(payload instanceof Readable)) {
    reading.kept(null)
    return done(null, payload)
  }
  payload.toArray().then(
    (chunks: Buffer[]) => keep(Buffer.concat(chunks), Readable.from(chunks, { objectMode: false })),
    (error: Error) => {
      reading.kept(null)
      done(error)
    },
  )
}

/** A read that sent nothing (the caller left first): the requests waiting for it read for themselves. */
const endReading: onResponseHookHandler = (request, _reply, done) => {
  readings.get(request)?.kept(null)
  readings.delete(request)
  done()
}

/**
 * The hooks a shared endpoint's route adds to its own, its `onRequest` hooks running first. An
 * endpoint marked shared that could read its caller (not a GET, a Bearer token, headers of its
 * own) stops the server at start.
 */
export function sharedAnswerHooks(
  endpoint: Endpoint,
  onRequest: onRequestHookHandler | onRequestHookHandler[] | undefined,
) {
  if (endpoint.method !== 'GET' || endpoint.bearer || endpoint.headers) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is shared: a GET that reads no caller's token or headers`,
    )
  }
  return {
    onRequest: [...[onRequest ?? []].flat(), serveKept],
    onSend: keepAnswer,
    onResponse: endReading,
  }
}
