/**
 * Serves the React Router storefront from the same process: hashed browser assets with
 * year-long immutable caching, other public files briefly cached, and every other path
 * rendered on the server. API paths never reach the storefront: unknown ones answer JSON 404.
 * In development (NODE_ENV=development) Vite serves modules with hot reload instead.
 *
 * Requests enter React Router here, so here they are judged as the browser made them: the
 * address is the one the visitor used (behind a trusted proxy, its X-Forwarded-Proto and -Host),
 * less the tracking parameters of a link from an ad, a post or a newsletter, pages take only GET,
 * HEAD and form posts, and a post from another site is refused whatever route it targets (React
 * Router checks the Origin of page actions only).
 *
 * In production, catalogue and content pages come from the shared page cache (page-cache.ts)
 * when it holds them, and are kept there when rendered: for visitors without personal state, and
 * for those whose browser fills in its own frame, who get the page rendered as for nobody.
 */

import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import {
  type InProcessApi,
  isPrivatePage,
  type StorefrontSettings,
  storefrontSettingsSchema,
  withoutTrackingParams,
} from '@fanshop/core'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router'
import { freshNonce } from './csp-nonce.ts'
import {
  type CachedPage,
  createPageCache,
  keptBody,
  namesTag,
  type PageCache,
  pageOfData,
  sharedCookies,
  sharedDataVersionOf,
  unshared,
} from './page-cache.ts'
import { pageEncoding, writeCompressed } from './page-compression.ts'
import { ASSETS_PREFIX, cspNonce, isNeverAPage } from './security-headers.ts'

export interface StorefrontOptions {
  /** apps/web: holds build/ in production and the Vite project in development. */
  webRoot: string
  /**
   * What the storefront's loaders receive as their load context: the settings, how to reach the
   * API, and the secret that signs the visitor's session cookie (never sent to the browser).
   */
  loadContext: StorefrontSettings & {
    apiFetch: typeof fetch
    apiInProcess: InProcessApi | null
    sessionSecret: string
  }
  /**
   * Wraps the production build's page render: given by a test that makes a render fail (the
   * server start gives none).
   */
  wrapRender?: (render: Render) => Render
}

/** What pages answer; any other method gets 405 naming these. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST']

/** The only body a page takes: what HTML forms and React Router's fetchers send. */
const FORM_TYPE = 'application/x-www-form-urlencoded'

/**
 * The origin the visitor's browser used, e.g. https://shop.example.com: Fastify reads the
 * protocol and host from X-Forwarded-Proto and X-Forwarded-Host when the peer is a trusted proxy
 * (TRUST_PROXY). Null when they do not make an origin.
 */
function visitorOrigin(request: FastifyRequest): string | null {
  const protocol = request.protocol
  if (protocol !== 'http' && protocol !== 'https') return null
  if (!URL.canParse(`${protocol}://${request.host}`)) return null
  const url = new URL(`${protocol}://${request.host}`)
  const bare = url.host && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
  return bare ? url.origin : null
}

/** A post another site made the browser send: its Origin differs, or the browser says so. */
function fromAnotherSite(request: FastifyRequest, origin: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const from = request.headers.origin
  return from !== undefined && from !== origin
}

/** Why this request may not reach a page, or null when it may. */
function refusal(
  request: FastifyRequest,
  origin: string | null,
  bodyLimit: number,
): { statusCode: number; message: string } | null {
  if (!origin || !request.url.startsWith('/')) {
    return { statusCode: 400, message: 'The request does not name a valid host and path.' }
  }
  if (!PAGE_METHODS.includes(request.method)) {
    return { statusCode: 405, message: `Pages answer ${PAGE_METHODS.join(', ')}, not ${request.method}.` }
  }
  if (request.method !== 'POST') return null
  if (fromAnotherSite(request, origin)) {
    return { statusCode: 403, message: 'Forms of this shop can only be sent from this shop.' }
  }
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type !== FORM_TYPE) {
    return { statusCode: 415, message: `Pages take form posts only (${FORM_TYPE}).` }
  }
  // React Router reads the whole form into memory: its size is known and bounded first.
  const length = request.headers['content-length']
  if (length === undefined) return { statusCode: 411, message: 'A form post must state its length.' }
  if (Number(length) > bodyLimit) {
    return { statusCode: 413, message: `A form post may be at most ${bodyLimit} bytes.` }
  }
  return null
}

/**
 * The signal of a page's request: aborted when the visitor goes before the page is sent, so
 * React Router stops its loaders and rendering. A page sent whole closes its response too; it
 * is not aborted then (an abort builds an error with its stack: 1% of a page's CPU, for nothing).
 */
export function visitorGone(res: {
  once(event: 'close', listener: () => void): unknown
  readonly writableFinished: boolean
}): AbortSignal {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return controller.signal
}

/** The Fetch API request React Router handles, at the address the visitor used (less its tracking parameters). */
function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  address: string,
): Request {
  const withBody = request.method !== 'GET' && request.method !== 'HEAD'
  const headers = new Headers()
  for (let i = 0; i < request.raw.rawHeaders.length; i += 2) {
    headers.append(request.raw.rawHeaders[i]!, request.raw.rawHeaders[i + 1]!)
  }
  // Appended, not resolved: a path like //other.host/ stays a path of this shop.
  return new Request(new URL(`${origin}${address}`), {
    method: request.method,
    headers,
    signal: visitorGone(reply.raw),
    ...(withBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
}

export type Render = ReturnType<typeof createRequestHandler>

// The storefront runs with React Router's middleware (apps/web/react-router.config.ts): its request
// handler takes a RouterContextProvider as the load context.
declare module 'react-router' {
  interface Future {
    v8_middleware: true
  }
}

/** The request's own part of the load context; the settings are the same for every request. */
interface PageValues {
  clientIp: string | null
  cspNonce: string
  /** A request for a page's data (`.data`): only the storefront's scripts make one. */
  scripted: boolean
}

const isScripted = (request: FastifyRequest) => pageOfData(request.url.split('?')[0] ?? '') !== null

/**
 * The path and query a page is rendered for (and kept under): the visitor's, less the tracking
 * parameters a link from an ad, a post or a newsletter carries (core's TRACKING_PARAMS), on a GET
 * or HEAD of a page. No route reads them and each click's are unique: rendered with them, every fan
 * arriving from the artist's post cost a render of their own and was kept as a page of their own.
 * The browser takes them out of its address bar before its router starts (entry.client.tsx), so it
 * hydrates the page rendered without them. Posts and data requests (`.data`, which the router makes
 * from its address, already without them) are rendered at the address they came to.
 */
function renderedAddress(request: FastifyRequest): string {
  const url = request.url
  const query = url.indexOf('?')
  if (query < 0 || (request.method !== 'GET' && request.method !== 'HEAD') || isScripted(request)) return url
  return url.slice(0, query) + withoutTrackingParams(url.slice(query))
}

type PageContext = RouterContextProvider & PageValues

/**
 * Builds one request's load context. With React Router's middleware it must be an instance of the
 * router's RouterContextProvider, of the very copy that renders (the production build bundles its
 * own), with the settings set on it for loaders to read as before.
 */
type ContextOf = (values: PageValues) => PageContext

/** Pages differ by encoding and, through the cookies, by visitor. */
const PAGE_VARY = 'Accept-Encoding, Cookie'

/**
 * A page rendered for this request carries its own CSP nonce: no shared cache may keep it.
 * (Routes may say otherwise with their own Cache-Control.) A kept copy of a page's data goes out
 * the same way, checked by its ETag on every move to the page: kept in the browser and used while
 * stale, a copy drawn for nobody would answer a visitor who has logged in or filled their bag
 * since, and their frame would show a guest.
 */
const RENDERED_CACHE_CONTROL = 'private, no-cache'

/**
 * A private page (core's isPrivatePage: the visitor's bag, checkout, orders, profile, the forms
 * that take their details) is not stored by the browser either: it shows addresses, e-mail and
 * orders, which a shared computer must not show from its disk or history after logout. Catalogue
 * and content pages stay storable, for the back/forward cache.
 */
const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * Renders with React Router and streams its answer out (the reply is already hijacked). With
 * `keep`, the page is also handed over whole as soon as it is rendered, for the page cache to judge
 * and keep, or null as soon as its render breaks off: not once sent, as a visitor who reads slowly
 * or not at all (a shut TCP window, an answer queued behind such one on the same connection) would
 * hold every other visitor of the page, who wait for this render, for as long as they like.
 */
async function serve(
  render: Render,
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  address: string,
  context: PageContext,
  keep?: (page: { status: number; headers: Headers; html: Buffer } | null) => void,
) {
  const res = reply.raw
  try {
    const response = await render(toFetchRequest(request, reply, origin, address), context)
    // Set one by one over the security headers already on the response; cookies stay separate.
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) res.setHeader('set-cookie', cookies)
    res.setHeader('vary', PAGE_VARY)
    // An answer that sets a cookie is this visitor's whatever its route says: robots.txt and the
    // sitemap say public, and a session the root wrote back (an old cookie moved in, a login that
    // expired) carries the visitor's cart and login.
    const control = response.headers.get('cache-control')
    if (!control || (cookies.length > 0 && !unshared(control))) {
      const pathname = request.url.split('?')[0] ?? '/'
      res.setHeader('cache-control', isPrivatePage(pathname) ? PRIVATE_CACHE_CONTROL : RENDERED_CACHE_CONTROL)
    }
    res.setHeader('x-page-cache', keep ? 'miss' : 'bypass')
    const encoding = response.body
      ? pageEncoding(request.headers['accept-encoding'], response.headers.get('content-type'))
      : null
    if (encoding) {
      res.setHeader('content-encoding', encoding)
      res.removeHeader('content-length')
    }
    res.writeHead(response.status)
    let body = response.body
    if (keep && body && request.method !== 'HEAD') {
      // The copy is read at the render's pace, whatever the visitor's branch waits for.
      const [toVisitor, toKeep] = body.tee()
      body = toVisitor
      new Response(toKeep).arrayBuffer().then(
        (bytes) => keep({ status: response.status, headers: response.headers, html: Buffer.from(bytes) }),
        // The render broke off (it failed, or the visitor left): there is no whole page to keep, and
        // the others render for themselves now, not once this visitor's answer ends.
        () => keep(null),
      )
    }
    if (!body || request.method === 'HEAD') res.end()
    else if (encoding) await writeCompressed(body, res, encoding)
    else await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), res)
  } catch (error) {
    if (res.headersSent) {
      request.log.warn({ err: error }, 'page response interrupted')
      res.destroy()
      return
    }
    request.log.error({ err: error }, 'unhandled error')
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
    res.end(
      JSON.stringify({ message: 'Something went wrong on our side. Please try again.', statusCode: 500 }),
    )
  }
}

/**
 * Sends a kept page: no render, no compression; its scripts allowed by their hashes. Each encoding
 * is a representation of its own, with its own ETag.
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  ttlMs: number,
) {
  const res = reply.raw
  for (const [name, value] of page.headers) res.setHeader(name, value)
  // The copy carries the nonce of the render that made it: its scripts are allowed by hash instead.
  const policy = String(res.getHeader('content-security-policy') ?? '')
  res.setHeader('content-security-policy', policy.replace(`'nonce-${cspNonce(request)}'`, page.scriptHashes))
  const seconds = Math.round(ttlMs / 1000)
  res.setHeader(
    'cache-control',
    isScripted(request)
      ? RENDERED_CACHE_CONTROL
      : `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
  )
  res.setHeader('vary', PAGE_VARY)
  const encoding = pageEncoding(request.headers['accept-encoding'], 'text/html')
  const etag = page.etags[encoding ?? 'identity']
  res.setHeader('etag', etag)
  res.setHeader('age', Math.floor((request.server.shop.now() - page.renderedAt) / 1000))
  res.setHeader('x-page-cache', state)
  if (namesTag(request.headers['if-none-match'], etag)) {
    res.writeHead(304)
    res.end()
    return
  }
  const body = keptBody(page, encoding ?? 'identity')
  if (encoding) res.setHeader('content-encoding', encoding)
  res.setHeader('content-length', body.length)
  res.writeHead(page.status)
  res.end(request.method === 'HEAD' ? undefined : body)
}

/**
 * Serves a page through the cache: a kept copy when there is one (a stale one starts one
 * background render to replace it), the render another request has under way for the same page,
 * or else this request's own render, kept once rendered. A personal visitor's own render is never
 * kept: a page missing for them is rendered as for nobody, kept and sent (their browser fills in
 * its frame), or, when it is not one to keep, rendered for them.
 */
async function serveShared(
  cache: PageCache,
  { key, personal }: { key: string; personal: boolean },
  render: Render,
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  address: string,
  context: PageContext,
  contextOf: ContextOf,
) {
  const renderShared = () => renderForCache(cache, render, request, origin, address, context, contextOf)
  const found = await cache.lookup(key)
  if (found) {
    if (found.state === 'stale') cache.fill(key, renderShared)
    return sendCached(request, reply, found.page, found.state, cache.ttlMs)
  }
  const inFlight = cache.inFlight(key)
  const running = inFlight ?? (personal ? cache.fill(key, renderShared) : undefined)
  const page = running ? await running : null
  if (page) return sendCached(request, reply, page, inFlight ? 'hit' : 'miss', cache.ttlMs)
  if (personal) return serve(render, request, reply, origin, address, context)
  const version = cache.currentVersion()
  let kept: (page: CachedPage | null | Promise<CachedPage | null>) => void = () => {}
  cache.fill(key, () => new Promise((resolve) => (kept = resolve)))
  await serve(render, request, reply, origin, address, context, (page) => {
    kept(
      page &&
        cache.prepare(page.status, page.headers, page.html, version, context.cspNonce).catch(() => null),
    )
  })
  // Nothing handed over (a HEAD, a failed render): the others render for themselves.
  kept(null)
}

/** Renders a page for the cache alone, as an anonymous visitor's request would (no personal cookie). */
async function renderForCache(
  cache: PageCache,
  render: Render,
  request: FastifyRequest,
  origin: string,
  address: string,
  context: PageContext,
  contextOf: ContextOf,
): Promise<CachedPage | null> {
  const version = cache.currentVersion()
  const headers = new Headers({ accept: 'text/html' })
  const cookie = sharedCookies(request.headers.cookie)
  if (cookie) headers.set('cookie', cookie)
  const nonce = freshNonce()
  const response = await render(
    new Request(new URL(`${origin}${address}`), { headers }),
    contextOf({ clientIp: context.clientIp, cspNonce: nonce, scripted: context.scripted }),
  )
  const html = Buffer.from(await response.arrayBuffer())
  return cache.prepare(response.status, response.headers, html, version, nonce)
}

export default async function storefrontPlugin(app: FastifyInstance, options: StorefrontOptions) {
  const development = app.shop.config.NODE_ENV === 'development'
  const loadContext = {
    ...storefrontSettingsSchema.parse(options.loadContext),
    apiFetch: options.loadContext.apiFetch,
    apiInProcess: options.loadContext.apiInProcess,
    sessionSecret: options.loadContext.sessionSecret,
    sharedDataVersion: () => sharedDataVersionOf(app.shop),
  }
  const contextWith =
    (Provider: typeof RouterContextProvider): ContextOf =>
    (values) =>
      Object.assign(new Provider(), loadContext, values)
  let handle: (request: FastifyRequest, reply: FastifyReply, origin: string, address: string) => unknown

  if (development) {
    // The storefront's own Vite (apps/web's dependency), not whichever copy the API would resolve.
    const vitePath = createRequire(path.join(options.webRoot, 'package.json')).resolve('vite')
    const vite = (await import(pathToFileURL(vitePath).href)) as typeof import('vite')
    const server = await vite.createServer({
      root: options.webRoot,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    })
    app.addHook('onClose', () => server.close())
    // Development only: Node resolves react-router to its development build, as Vite does.
    const { createRequestHandler, RouterContextProvider } = await import('react-router')
    const contextOf = contextWith(RouterContextProvider)
    const render = createRequestHandler(
      () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    )
    handle = (request, reply, origin, address) => {
      const context = contextOf({
        clientIp: request.ip,
        cspNonce: cspNonce(request),
        scripted: isScripted(request),
      })
      reply.hijack()
      server.middlewares(request.raw, reply.raw, () =>
        serve(render, request, reply, origin, address, context),
      )
    }
  } else {
    const buildDir = path.join(options.webRoot, 'build')
    const serverEntry = path.join(buildDir, 'server', 'index.js')
    if (!fs.existsSync(serverEntry))
      throw new Error(`The storefront is not built: ${serverEntry} is missing.`)
    // The build brings its own request handler: the router's production build, bundled into it
    // (apps/web/server-build.ts), so no development code of the router runs here.
    const build = (await import(serverEntry)) as ServerBuild & {
      createRequestHandler: typeof createRequestHandler
      RouterContextProvider: typeof RouterContextProvider
    }
    const contextOf = contextWith(build.RouterContextProvider)
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      // The build writes .br and .gz beside each script and stylesheet: sent by content negotiation.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        res.setHeader('vary', 'Accept-Encoding')
      },
    })
    const built = build.createRequestHandler(build, 'production')
    const render = options.wrapRender ? options.wrapRender(built) : built
    const cache = await createPageCache(app.shop)
    app.addHook('onClose', () => cache.close())
    handle = (request, reply, origin, address) => {
      // Before the reply is taken over: past that point a throw would leave the request unanswered.
      const shared = cache.keyOf(request, origin, address)
      const context = contextOf({
        clientIp: request.ip,
        cspNonce: cspNonce(request),
        scripted: isScripted(request),
      })
      reply.hijack()
      if (shared)
        return serveShared(cache, shared, render, request, reply, origin, address, context, contextOf)
      return serve(render, request, reply, origin, address, context)
    }
  }

  // The storefront reads request bodies (form posts) itself: leave the stream untouched.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  // Every method Node reads, so that a page refuses PURGE or PROPFIND as it refuses PUT (Fastify
  // knows nine until told); CONNECT never reaches a route (errors.ts answers it on the socket).
  for (const method of http.METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method)
  }
  app.route({
    method: app.supportedMethods,
    url: '/*',
    schema: { hide: true },
    handler(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/'
      if (isNeverAPage(pathname)) {
        // A script or stylesheet this build does not have (a page of an earlier deploy asking for
        // its chunks) is not a page either.
        const message = pathname.startsWith(ASSETS_PREFIX)
          ? `No file ${pathname}.`
          : `No API endpoint ${request.method} ${pathname}.`
        return reply.status(404).send({ statusCode: 404, message })
      }
      const origin = visitorOrigin(request)
      const refused = refusal(request, origin, app.initialConfig.bodyLimit!)
      if (refused) {
        if (refused.statusCode === 405) reply.header('allow', PAGE_METHODS.join(', '))
        return reply.status(refused.statusCode).send(refused)
      }
      return handle(request, reply, origin!, renderedAddress(request))
    },
  })
}
