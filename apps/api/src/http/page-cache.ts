/**
 * The shared anonymous page cache (docs/decisions/0009-anonymous-page-cache.md): what a visitor
 * without personal state sees on a catalogue or content page, and the page's data the router asks
 * for when they move to it without reloading, is the same for every such visitor, so it is
 * rendered once every few seconds instead of once per visitor. Pages are kept compressed
 * (brotli and gzip, made once when stored) with the SHA-256 hashes of the inline scripts their
 * render wrote (those carrying its nonce), which replace the per-response nonce in the
 * Content-Security-Policy of every copy served from here.
 *
 * An entry is fresh for PAGE_CACHE_SECONDS from the start of the render that made it, then served
 * stale for as long again while one background render replaces it. A write that changes what pages show (a price, a text) bumps a
 * version and every entry made before it is dropped, so it shows on the next request. A write to
 * a cart or an order only changes stock: it drops nothing (a drop-day product page stays kept
 * while fans add), but a page rendered before the last stock change is no longer served past its
 * fresh seconds, so stock on a kept page is never more than PAGE_CACHE_SECONDS old. Writes to
 * accounts, alerts and messages change no shared page. Entries live in this process's memory and,
 * when REDIS_URL is set, in Redis too, where the other instances find them; the version is then
 * Redis's, and a bump or a stock change reaches them by publish. Redis out of reach (refusing, or
 * not answering within redis.ts's bounds) is the shop without it: pages are kept in memory and
 * rendered here, no request waits on Redis, and once it answers again each instance reads the
 * version anew and shares its pages again.
 *
 * A visitor with personal state reads kept pages too once their browser fills in its own frame
 * (core's personal-frame cookie: it runs the scripts, which ask for the greeting, cart and access
 * grant once the page has hydrated) and the shop is open (before, an access grant changes what the
 * pages show), and a page's data once a move keeps their frame (the router leaves the root's loader
 * out of `_routes`: what is left reads no visitor). Such a visitor never leaves a page of theirs
 * behind: a page missing for them is rendered as for an anonymous visitor, kept, and sent to them.
 *
 * The store API's answers that read no caller are kept here too, under the same rules and keys of
 * their own (shared-answers.ts).
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { consentFromCookies, fillsOwnFrame, PERSONAL_FRAME_COOKIE } from '@fanshop/core'
import { parse } from 'cookie'
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify'
import type { Redis } from 'ioredis'
import { launchAtOf } from '../config.ts'
import type { ShopContext } from '../context.ts'
import { API_BROTLI } from './api-compression.ts'
import { closeRedis, connectRedis } from './redis.ts'
import { ADMIN_API_PREFIX } from './security-headers.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Brotli's quality for a kept page, made once per render: quality 6 writes the home, shop and
 * checkout pages 0.3-0.5% larger than quality 8 in 1-2 ms instead of 50-65 ms. Quality 7 and up
 * use a hash table of several MiB, touched all over for a page of 50-70 KB; with glibc's fixed
 * mapping threshold (MALLOC_MMAP_THRESHOLD_, scripts/lib.mjs) each compression maps it afresh,
 * and the page's first visitors wait on it (docs/performance-log.md, "Answers and pages kept as
 * bytes").
 */
const KEPT_BROTLI_QUALITY = 6

/** How a kept page is compressed: brotli (above) and gzip at its best. */
const PAGE_COMPRESSION: Compression = {
  brotli: (size) => ({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  }),
  gzipLevel: 9,
}

/**
 * How a kept API answer is compressed: as the API compresses its answers on the fly, and gzip at
 * zlib's default. A list of 24 products is 168 KB of JSON, three times a page: with glibc's fixed
 * mapping threshold, brotli at quality 6 and gzip at 9 took 15 ms of CPU for it on libuv's threads,
 * these 7 ms, for answers 9% (brotli) and 3% (gzip) larger (docs/performance-log.md, "The store
 * API's shared answers").
 */
const ANSWER_COMPRESSION: Compression = { brotli: () => API_BROTLI, gzipLevel: 6 }

interface Compression {
  brotli: (size: number) => zlib.BrotliOptions
  gzipLevel: number
}

/**
 * The bytes of answer keys remembered as asked for once (`askedBefore`): about ten thousand
 * addresses of a hundred characters.
 */
const ASKED_BUDGET = 1024 * 1024

/**
 * The cookies that make a visitor's pages their own: the storefront's session (login, cart, last
 * order, launch access), and the separate cookies it replaced, until the session takes them over.
 */
export const PERSONAL_COOKIES = ['session', 'auth-token', 'cart', 'placed-order', 'access-grant']

/** The cookies a page rendered for nobody is rendered without. */
const UNSHARED_COOKIES = [...PERSONAL_COOKIES, PERSONAL_FRAME_COOKIE.name]

/** A Cookie header as an anonymous visitor's browser would send it: no personal cookie, no personal frame. */
export function sharedCookies(header: string | undefined): string {
  return (header ?? '')
    .split(';')
    .filter((part) => !UNSHARED_COOKIES.includes(part.slice(0, part.indexOf('=')).trim()))
    .join(';')
    .trim()
}

/** Query parameters that carry one visitor's state (a flash outcome, where to go after login, tokens). */
const PERSONAL_PARAMS = ['cart', 'redirectTo', 'key', 'login', 'token', 'number', 'email']

/** Catalogue and content pages; account, cart, checkout, order and form pages never are. */
const SHARED_PAGES =
  /^\/(?:|index-2|home_old|home-scroled|home(?:\/[^/]+)?|shop|products?\/[^/]+|feed(?:\/.*)?|story(?:\/.*)?|lookbook(?:[-/].*)?|music(?:\/[^/]+)?|posts\/.*|foundation|book|page\/[^/]+|terms-and-conditions|comingsoon)$/

/**
 * The page whose data a React Router data request asks for: `/shop.data` is `/shop`'s, and
 * `/_root.data` the landing's. Null for any other request.
 */
export function pageOfData(pathname: string): string | null {
  if (!pathname.endsWith('.data')) return null
  return pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length)
}

/**
 * Whether a page's data request leaves the root route's loader out: the router's `_routes` names the
 * loaders it wants when the root keeps its frame on a move (apps/web's site/kept-frame.ts). Such data
 * holds only the page's own loaders, which read no visitor: the same for every visitor.
 */
function withoutFrame(url: URL): boolean {
  const routes = url.searchParams.get('_routes')
  return routes !== null && !routes.split(',').includes('root')
}

/** Whether an answer is React Router's to a data request: its loaders' data, turbo-stream encoded. */
const isDataAnswer = (headers: Headers) => (headers.get('content-type') ?? '').startsWith('text/x-script')

/**
 * How many bytes of pages one process keeps in memory, their keys (an address may be 16 KB) and
 * what else is kept of them counted with their bodies.
 */
const MEMORY_BUDGET = 64 * 1024 * 1024

/** The encodings a kept page is sent in. */
export type KeptEncoding = 'br' | 'gzip' | 'identity'

/** A page as kept: React Router's headers and status, the body compressed both ways. */
export interface CachedPage {
  status: number
  headers: [string, string][]
  /** The CSP sources that allow the inline scripts its render wrote: 'sha256-…' each. */
  scriptHashes: string
  br: Buffer
  gzip: Buffer
  /**
   * The body as it is, for callers who accept no encoding: kept for API answers, whose clients
   * (integrations, scripts) send no Accept-Encoding more often than browsers do, and whose list of
   * 24 products took 1.2 ms to gunzip for each; a page is gunzipped for such a caller.
   */
  identity?: Buffer
  /** A strong ETag per encoding: each is a representation of its own (RFC 9110, 8.8.3). */
  etags: Record<KeptEncoding, string>
  /**
   * When the render that made it began: its age counts from here, and the stock it shows (read
   * during the render) is at least this recent.
   */
  renderedAt: number
  version: string
}

/** A page in memory, its size as the budget counts it, and whether it was served since it was kept or passed over. */
interface Entry {
  page: CachedPage
  size: number
  used: boolean
}

export type Lookup = { page: CachedPage; state: 'hit' | 'stale' } | null

/**
 * The CSP hash sources of the inline scripts (those without src) of an HTML page that carry its
 * render's nonce: the scripts the render wrote itself. Any other inline script in the page (markup
 * that came through a content field) is blocked by the nonce on the rendered page, and stays
 * blocked on the kept copy.
 */
export function inlineScriptHashes(html: string, nonce: string): string {
  const hashes = new Set<string>()
  for (const [, attributes = '', body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    if (/\snonce="([^"]*)"/i.exec(attributes)?.[1] !== nonce) continue
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
    )
  }
  return [...hashes].join(' ')
}

const redisKey = (scope: string, key: string) => `fanshop:pages:${scope}:${key}`

/** Where a page is kept in Redis: under its form, so that instances of another version never read it. */
const redisPageKey = (scope: string, key: string) => redisKey(scope, `page2:${key}`)

/**
 * Raises the version to at least ARGV[1], and by ARGV[2] past what it was: an instance that bumped
 * its version while Redis was out of reach brings the others' count up to its own, so that their
 * next bumps are not below it (and ignored here).
 */
const REDIS_RAISE_VERSION = `
local version = math.max((tonumber(redis.call('GET', KEYS[1])) or 0) + tonumber(ARGV[2]), tonumber(ARGV[1]))
redis.call('SET', KEYS[1], version)
return version
`

/** Stock changes close together reach the other instances as one message, this long after the first. */
const STOCK_NOTICE_MS = 100

export class PageCache {
  readonly ttlMs: number
  /** Oldest first: in the order they were kept, or given a second chance by the eviction. */
  private readonly entries = new Map<string, Entry>()
  private bytes = 0
  private readonly pending = new Map<string, Promise<CachedPage | null>>()
  /** Answer keys asked for once (`askedBefore`), oldest first, with when. */
  private readonly asked = new Map<string, number>()
  private askedBytes = 0
  private version = '0'
  /** When stock last changed, here or (as heard through Redis) on another instance. */
  private stockChangedAt = 0
  private stockNotice: NodeJS.Timeout | null = null
  private readonly redis: Redis | null
  private readonly subscriber: Redis | null
  /** Redis keys and the version channel are per shop address: instances of one shop share them. */
  private readonly scope: string

  constructor(
    private readonly ctx: ShopContext,
    ttlSeconds: number,
    private readonly memoryBudget = MEMORY_BUDGET,
  ) {
    this.ttlMs = ttlSeconds * 1000
    this.scope = ctx.config.publicUrl
    const url = ctx.config.REDIS_URL
    this.redis = url ? connectRedis(url, ctx.log, 'page cache') : null
    this.subscriber = url ? connectRedis(url, ctx.log, 'page cache notices') : null
  }

  /**
   * Joins the instances' notices and shared version (Redis only), and again each time a connection
   * is made again: its subscriptions, and the bumps published while it was lost, were missed. Redis
   * out of reach at the start leaves this instance on its own until it answers.
   */
  async start(): Promise<void> {
    const { redis, subscriber } = this
    if (!redis || !subscriber) return
    const stockChannel = redisKey(this.scope, 'stock')
    subscriber.on('message', (from: string, version: string) => {
      if (from === stockChannel) this.stockChangedAt = this.ctx.now()
      else this.adopt(version)
    })
    const listen = () =>
      subscriber.subscribe(redisKey(this.scope, 'version'), stockChannel).catch((error: unknown) => {
        this.ctx.log.warn({ err: error }, 'page cache: Redis notices not heard')
      })
    const catchUp = () =>
      this.raiseVersion(0).catch((error: unknown) => {
        this.ctx.log.warn({ err: error }, 'page cache: Redis version not read')
      })
    await Promise.all([listen(), catchUp()])
    subscriber.on('ready', listen)
    redis.on('ready', catchUp)
  }

  /** The shared version, raised past this instance's by `step`, adopted here. */
  private async raiseVersion(step: number): Promise<string> {
    const version = String(
      await this.redis!.eval(REDIS_RAISE_VERSION, 1, redisKey(this.scope, 'version'), this.version, step),
    )
    this.adopt(version)
    return version
  }

  /** Redis for this request: null while it is out of reach, so that nothing waits on it. */
  private get reachable(): Redis | null {
    return this.redis?.status === 'ready' ? this.redis : null
  }

  async close(): Promise<void> {
    if (this.stockNotice) clearTimeout(this.stockNotice)
    await Promise.all([this.redis, this.subscriber].map((redis) => redis && closeRedis(redis)))
  }

  private adopt(version: string) {
    if (Number(version) > Number(this.version)) this.version = version
  }

  /** The version a render starting now belongs to. */
  currentVersion(): string {
    return this.version
  }

  /** The data changed: every page made before now is out of date, here and on every instance. */
  async bump(): Promise<void> {
    this.version = String(Number(this.version) + 1)
    const redis = this.reachable
    if (!redis) return
    try {
      await redis.publish(redisKey(this.scope, 'version'), await this.raiseVersion(1))
    } catch (error) {
      // The write itself succeeded; other instances' copies then last their short lifetime.
      this.ctx.log.warn({ err: error }, 'page cache: Redis version bump failed')
    }
  }

  /**
   * Stock changed (a hold taken, changed or given back, an order placed): pages rendered before
   * now are served while fresh but not past it, here and on every instance.
   */
  stockChanged(): void {
    this.stockChangedAt = this.ctx.now()
    if (!this.redis || this.stockNotice) return
    this.stockNotice = setTimeout(() => {
      this.stockNotice = null
      this.reachable?.publish(redisKey(this.scope, 'stock'), '1').catch((error: unknown) => {
        // The write itself succeeded; other instances' copies then last their short lifetime.
        this.ctx.log.warn({ err: error }, 'page cache: Redis stock notice failed')
      })
    }, STOCK_NOTICE_MS)
    this.stockNotice.unref()
  }

  /**
   * The key this request's page is kept under, or null when it is not one to share: not a GET
   * or HEAD of a catalogue or content page or of its data (the `.data` request the router makes
   * when a visitor moves to the page without reloading), or the visitor carries personal state
   * that their browser does not fill in itself (or the shop is not open yet). A page's data is
   * shared with visitors without personal state only: it carries the frame as the root loader
   * draws it for the one who asks, and a frame that arrives after the page is taken as theirs
   * (site/frame-fill.tsx). The key holds what else the page depends on: the address it is rendered
   * for (`address`, the request's path and query less its tracking parameters), the cookie consent
   * and whether the shop is open. `personal` says the visitor may read the kept page but must
   * never leave their own render behind.
   */
  keyOf(request: FastifyRequest, origin: string, address: string): { key: string; personal: boolean } | null {
    if (this.ttlMs <= 0 || (request.method !== 'GET' && request.method !== 'HEAD')) return null
    if (request.headers.authorization) return null
    const cookie = request.headers.cookie
    const sent = parse(cookie ?? '')
    const personal = PERSONAL_COOKIES.some((name) => name in sent)
    // Appended, as the storefront renders it: resolved against the origin, //other.host/shop named
    // /shop (of another host) while the page rendered was a 404 at that path of this shop.
    const url = new URL(`${origin}${address}`)
    const dataOf = pageOfData(url.pathname)
    if (!SHARED_PAGES.test(dataOf ?? url.pathname)) return null
    for (const name of url.searchParams.keys()) if (PERSONAL_PARAMS.includes(name)) return null
    const { config } = this.ctx
    const open = this.ctx.now() >= launchAtOf(config)
    if (personal && (!(open && fillsOwnFrame(cookie)) || (dataOf !== null && !withoutFrame(url)))) return null
    const { confirmed, closed, consent } = consentFromCookies(cookie)
    const consentKey = confirmed ? Object.values(consent).map(Number).join('') : closed ? 'closed' : '-'
    return { key: `${open ? 'open' : 'soon'}:${consentKey}:${origin}${url.pathname}${url.search}`, personal }
  }

  /** The page kept under `key`, fresh or stale, from memory or else from Redis. */
  async lookup(key: string): Promise<Lookup> {
    const entry = this.entries.get(key)
    let page = entry?.page ?? null
    const redis = this.reachable
    if (entry) entry.used = true
    else if (redis) {
      // Redis failing: the page is rendered here, as without it.
      page = await this.fromRedis(redis, key).catch((error: unknown) => {
        this.ctx.log.warn({ err: error }, 'page cache: Redis read failed')
        return null
      })
      if (page) this.remember(key, page)
    }
    if (!page) return null
    const age = this.ctx.now() - page.renderedAt
    const stockOutdated = age >= this.ttlMs && page.renderedAt <= this.stockChangedAt
    if (page.version !== this.version || age >= 2 * this.ttlMs || stockOutdated) {
      this.forget(key)
      return null
    }
    return { page, state: age < this.ttlMs ? 'hit' : 'stale' }
  }

  /** The render under way for `key`, if any: its page once stored, or null if it was not. */
  inFlight(key: string): Promise<CachedPage | null> | undefined {
    return this.pending.get(key)
  }

  /**
   * Runs `render` (which resolves to the page to keep, or null) unless one is already under way
   * for `key`: one render at a time per page. What it resolves to is stored.
   */
  fill(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.pending.get(key)
    if (running) return running
    const renderedAt = this.ctx.now()
    const done = render()
      .then(async (page) => {
        if (!page) return page
        page.renderedAt = renderedAt
        if (page.version === this.version) await this.store(key, page)
        return page
      })
      .catch((error: unknown) => {
        this.ctx.log.warn({ err: error, key }, 'page cache render failed')
        return null
      })
      .finally(() => this.pending.delete(key))
    this.pending.set(key, done)
    return done
  }

  /**
   * Compresses a finished page, or a page's data, for keeping; null when it is not whole and
   * shareable. `nonce` is the one its render put on the inline scripts it wrote.
   */
  prepare(
    status: number,
    headers: Headers,
    html: Buffer,
    version: string,
    nonce: string,
  ): Promise<CachedPage | null> {
    if (!shareable(status, headers) || !isWhole(html, headers)) return Promise.resolve(null)
    const scriptHashes = isDataAnswer(headers) ? '' : inlineScriptHashes(html.toString('utf8'), nonce)
    return compressed(
      status,
      keptHeaders(headers, UNKEPT_HEADERS),
      html,
      version,
      scriptHashes,
      PAGE_COMPRESSION,
    )
  }

  /**
   * The key a shared API answer (http/shared-answers.ts) is kept under: its whole address, apart
   * from the pages' keys, and whether the shop is open, as pages are. Null when nothing is kept.
   */
  answerKeyOf(url: string): string | null {
    if (this.ttlMs <= 0) return null
    const open = this.ctx.now() >= launchAtOf(this.ctx.config)
    return `answer:${open ? 'open' : 'soon'}:${url}`
  }

  /**
   * Whether an answer's key was asked for before, within twice the fresh seconds; it is noted as
   * asked now either way. An answer is kept from its second ask on (as nginx's
   * `proxy_cache_min_uses 2`): a flood of addresses each asked once (a parameter made up for every
   * request) is read as before, at no cost of compression or memory for copies nobody asks for
   * again, while an answer in demand is read twice instead of once. The keys noted are bounded
   * (ASKED_BUDGET), the oldest forgotten first.
   */
  askedBefore(key: string): boolean {
    const now = this.ctx.now()
    const at = this.asked.get(key)
    if (at === undefined) this.askedBytes += key.length
    else this.asked.delete(key)
    this.asked.set(key, now)
    while (this.askedBytes > ASKED_BUDGET) {
      const oldest = this.asked.keys().next().value!
      this.asked.delete(oldest)
      this.askedBytes -= oldest.length
    }
    return at !== undefined && now - at < 2 * this.ttlMs
  }

  /** Compresses an API answer for keeping; null unless it is a 200 JSON answer anyone may be given. */
  prepareAnswer(status: number, headers: Headers, body: Buffer, version: string): Promise<CachedPage | null> {
    const json = (headers.get('content-type') ?? '').startsWith('application/json')
    if (!json || !anyones(status, headers)) return Promise.resolve(null)
    const page = compressed(
      status,
      keptHeaders(headers, UNKEPT_ANSWER_HEADERS),
      body,
      version,
      '',
      ANSWER_COMPRESSION,
    )
    return page.then((kept) => Object.assign(kept, { identity: body }))
  }

  /**
   * Keeps a page in memory within the budget. The oldest go first, but one served since it was
   * kept (or last passed over) gets a second chance: it moves to the newest end, unmarked (the
   * CLOCK algorithm). A flood of pages nobody asks for again (unique addresses) then pushes out
   * its own kind, not the pages visitors keep asking for, at the cost of one flag set per hit.
   */
  private remember(key: string, page: CachedPage) {
    this.forget(key)
    let size =
      key.length + page.scriptHashes.length + page.br.length + page.gzip.length + (page.identity?.length ?? 0)
    for (const [name, value] of page.headers) size += name.length + value.length
    this.entries.set(key, { page, size, used: false })
    this.bytes += size
    while (this.bytes > this.memoryBudget) {
      const [oldest, old] = this.entries.entries().next().value!
      this.entries.delete(oldest)
      if (old.used) {
        old.used = false
        this.entries.set(oldest, old)
      } else this.bytes -= old.size
    }
  }

  private forget(key: string) {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= old.size
  }

  private async store(key: string, page: CachedPage) {
    this.remember(key, page)
    const redis = this.reachable
    if (!redis) return
    const { br, gzip: gz, identity, ...meta } = page
    const at = redisPageKey(this.scope, key)
    try {
      await redis
        .multi()
        .hset(
          at,
          'meta',
          JSON.stringify(meta),
          'br',
          br,
          'gzip',
          gz,
          ...(identity ? ['identity', identity] : []),
        )
        .pexpire(at, 2 * this.ttlMs)
        .exec()
    } catch (error) {
      // Kept here all the same; the other instances render it for themselves.
      this.ctx.log.warn({ err: error }, 'page cache: Redis write failed')
    }
  }

  private async fromRedis(redis: Redis, key: string): Promise<CachedPage | null> {
    const [meta, br, gz, identity] = await redis.hmgetBuffer(
      redisPageKey(this.scope, key),
      'meta',
      'br',
      'gzip',
      'identity',
    )
    if (!meta || !br || !gz) return null
    const page: CachedPage = {
      ...(JSON.parse(meta.toString()) as Omit<CachedPage, 'br' | 'gzip'>),
      br,
      gzip: gz,
    }
    if (identity) page.identity = identity
    return page
  }
}

/** Headers neither a kept page nor a kept API answer carries over: they are per response. */
const PER_RESPONSE_HEADERS = ['set-cookie', 'content-length', 'content-encoding', 'date']

/** Headers a kept page does not carry over: its Cache-Control is set as it is sent. */
const UNKEPT_HEADERS = new Set([...PER_RESPONSE_HEADERS, 'cache-control'])

/** Headers a kept API answer does not carry over; its Cache-Control is its route's, as sent. */
const UNKEPT_ANSWER_HEADERS = new Set([...PER_RESPONSE_HEADERS, 'x-page-cache'])

const keptHeaders = (headers: Headers, unkept: Set<string>): [string, string][] =>
  [...headers].filter(([name]) => !unkept.has(name))

/** Whether a Cache-Control value keeps an answer out of every shared cache. */
export const unshared = (control: string) => /private|no-store/i.test(control)

/** A 200 HTML page, or a page's data, that sets no cookie and that its route did not mark private. */
export function shareable(status: number, headers: Headers): boolean {
  return (
    ((headers.get('content-type') ?? '').startsWith('text/html') || isDataAnswer(headers)) &&
    anyones(status, headers)
  )
}

/** A 200 answer that sets no cookie and that its route did not mark private: one anyone may be given. */
const anyones = (status: number, headers: Headers) =>
  status === 200 && headers.getSetCookie().length === 0 && !unshared(headers.get('cache-control') ?? '')

/**
 * Whether a rendered answer came out whole: a page that ends its document, or a page's data in one
 * line, with nothing left to stream (a loader's promise resolves on a line of its own, later).
 */
export function isWhole(body: Buffer, headers: Headers): boolean {
  if (isDataAnswer(headers)) return body.indexOf(0x0a) === body.length - 1
  return body.toString('latin1', body.length - 16).includes('</html>')
}

/** A page or an answer as kept: compressed both ways once, with a strong ETag per encoding. */
async function compressed(
  status: number,
  headers: [string, string][],
  body: Buffer,
  version: string,
  scriptHashes: string,
  how: Compression,
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, how.brotli(body.length)),
    gzip(body, { level: how.gzipLevel }),
  ])
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  return {
    status,
    headers,
    scriptHashes,
    br,
    gzip: gz,
    etags: { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` },
    renderedAt: 0,
    version,
  }
}

/**
 * A kept page's or answer's body in an encoding; for a caller who takes none, the answer's plain
 * copy, or a page gunzipped (pages keep none).
 */
export const keptBody = (page: CachedPage, encoding: KeptEncoding): Buffer =>
  encoding === 'br'
    ? page.br
    : encoding === 'gzip'
      ? page.gzip
      : (page.identity ?? zlib.gunzipSync(page.gzip))

/**
 * Whether an If-None-Match header names this ETag: weak comparison (RFC 9110, 13.1.2), a list of
 * tags or `*`. Browsers send the one tag they were given.
 */
export function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch === etag) return true
  return ifNoneMatch.split(',').some((listed) => {
    const tag = listed.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

const caches = new WeakMap<ShopContext, PageCache>()

/**
 * The version of what the shop's pages show, as this instance knows it: moved by every write that
 * changes them (the bump above, whether or not pages are kept). The storefront keeps its reads of
 * what every visitor sees (menus, categories, filters, home blocks, topics) under it. '0' where
 * there is no page cache.
 */
export const sharedDataVersionOf = (ctx: ShopContext): string => caches.get(ctx)?.currentVersion() ?? '0'

/** The shop's page cache, which keeps its shared API answers too; undefined where there is none. */
export const pageCacheOf = (ctx: ShopContext): PageCache | undefined => caches.get(ctx)

/** The storefront's page cache (PAGE_CACHE_SECONDS = 0 turns it off). */
export async function createPageCache(ctx: ShopContext): Promise<PageCache> {
  const cache = new PageCache(ctx, ctx.config.PAGE_CACHE_SECONDS)
  await cache.start()
  caches.set(ctx, cache)
  return cache
}

/**
 * Writes that change nothing an anonymous page shows: accounts, alerts, messages, an order lookup,
 * a fan joining the drop's waiting room (shown on their own /queue page only), and the back
 * office's own sessions, staff and security settings.
 */
const UNSHARED_WRITES =
  /^\/(?:api\/v1\/(?:orders\/lookup|stock_alerts|account\/.*)|wp-json\/(?:jwt-auth\/.*|wp\/v2\/(?:register|logout|auth\/.*|users\/me|user\/.*|facebook\/.*|contact|launch\/(?:subscribe|queue)))|admin\/api\/(?:session|me\/.*|invitations\/.*|staff(?:\/.*)?))$/

/** Writes to carts and orders, and the back office's stock adjustments: they change stock and nothing else a page shows. */
const STOCK_WRITES = /^\/(?:api\/v1\/(?:orders\.json|orders\/.+|checkouts\/.+)|admin\/api\/stock\/.+)$/

export type WriteEffect = 'none' | 'stock' | 'pages'

/** What a successful API write does to the kept pages; a write not known to spare them drops them all. */
export function writeEffect(pathname: string): WriteEffect {
  if (UNSHARED_WRITES.test(pathname)) return 'none'
  if (STOCK_WRITES.test(pathname)) return 'stock'
  return 'pages'
}

/**
 * Successful API writes, the back office's included (a catalogue edit there shows on the next
 * request), make kept pages out of date as far as they change them (registered before the domains).
 * The hook goes only on the API's write routes, with what they do to the pages worked out once from
 * the route's path (a parameter stands for any non-empty segment, as the patterns above expect):
 * reads and pages, and every add to cart's own check, pass no hook for it (issue 13, seventh pass).
 */
export function registerPageCacheInvalidation(app: FastifyInstance) {
  const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
  app.addHook('onRoute', (route) => {
    const write = [route.method].flat().some(isWrite)
    const api = ['/api/', '/wp-json/', ADMIN_API_PREFIX].some((prefix) => route.url.startsWith(prefix))
    if (!write || !api) return
    // A wildcard may stand for several segments or none: its answers are judged by their own path.
    const fixed = route.url.includes('*') ? null : writeEffect(route.url)
    if (fixed === 'none') return
    // A callback hook, not an async one: only a write that bumps the pages waits for anything.
    const invalidate: onSendHookHandler = (request, reply, payload, done) => {
      const cache = caches.get(app.shop)
      if (reply.statusCode >= 400 || !cache || !isWrite(request.method)) return done(null, payload)
      const effect = fixed ?? writeEffect(request.url.split('?')[0] ?? '')
      if (effect === 'pages') return void cache.bump().then(() => done(null, payload), done)
      if (effect === 'stock') cache.stockChanged()
      done(null, payload)
    }
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), invalidate]
  })
}
