/**
 * The storefront's own fuzz test, the pages' counterpart of fuzz.test.ts: every page the build
 * routes (read from the build, so a new page is swept without being listed), as HTML and as the
 * router's `.data`, with hostile query values, hostile path segments where the route takes one, and
 * hostile form posts, anonymously and with a customer's login. None may answer 5xx; a refused page
 * says so in a page with a heading, a refused post in `{ message, statusCode }`; the shop still
 * serves its pages afterwards. Deterministic: the requests come from a seeded generator.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../tests/seeded-random.ts'
import { createStorefrontApp } from '../../tests/storefront-app.ts'
import { demoCustomerSession } from '../../tests/storefront-login.ts'

const SEED = 7
const GETS_PER_PAGE = 10
const POSTS_PER_PAGE = 3
const SEGMENTS_PER_PARAM = 6
const IN_FLIGHT = 8

/** Query keys the storefront's loaders and actions read, and some they do not. */
const KEYS = [
  'page',
  'category',
  'sort',
  'q',
  'search',
  'id',
  'slug',
  'key',
  'login',
  'order',
  'number',
  'token',
  'country',
  'state',
  'email',
  'pa_size',
  'pa_color',
  'gender',
  'redirectTo',
  'from',
  'code',
  'quantity',
  'product_id',
  'variation_id',
  'intent',
  'per_page',
  '_routes',
  'index',
  '__proto__',
  'utm_source',
  'fbclid',
  'v',
  'tab',
  'step',
]

/** Hostile values, written as they go in a URL (already percent-encoded where they must be). */
const VALUES = [
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '2147483648',
  '1.5',
  'NaN',
  '0x10',
  '',
  '%20',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%E2%80%AE',
  '%F0%9F%9B%8D',
  '__proto__',
  'constructor',
  '[]',
  '{}',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '..%2F..%2Fetc%2Fpasswd',
  '%0D%0ASet-Cookie%3Ax%3D1',
  'https%3A%2F%2Fevil.example',
  '%2F%2Fevil.example',
  'a'.repeat(4000),
  'extra-time-tour-tee',
  '1',
]

/** Hostile path segments for a route's parameter. */
const SEGMENTS = [
  '%',
  '%00',
  '%ff',
  '%ED%A0%80',
  '..',
  '%2e%2e',
  '%2F',
  '%5C',
  'a'.repeat(3000),
  '%E2%80%AE',
  '__proto__',
  '-1',
  '99999999999999999999',
  '%0D%0Ax',
  ';',
  'extra-time-tour-tee',
  '1',
]

/** Form fields the actions read, for the posts' bodies. */
const FIELDS = [
  'intent',
  'quantity',
  'product_id',
  'variation_id',
  'line',
  'email',
  'userEmail',
  'password',
  'userPassword',
  'code',
  'number',
  'coupon',
  'country',
  'firstName',
  'phone',
  'consent',
  'redirectTo',
  '__proto__',
  'constructor',
]

/** Every page's path as the build routes it (layouts without a path of their own left out). */
async function pagePaths(): Promise<string[]> {
  const serverEntry = path.join(
    fileURLToPath(new URL('../../../web/build/server/', import.meta.url)),
    'index.js',
  )
  const { routes } = (await import(serverEntry)) as ServerBuild
  const full = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined
    if (!route) return ''
    const parent = full(route.parentId)
    return route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`
  }
  const paths = Object.values(routes)
    .filter((route) => route && (route.path !== undefined || route.index))
    .map((route) => full(route!.id) || '/')
  return [...new Set(paths)].sort()
}

describe('hostile requests to every page of the storefront', () => {
  let base = ''
  let close = async () => {}
  let session = ''

  beforeAll(async () => {
    ;({ base, close } = await createStorefrontApp({ PAGE_CACHE_SECONDS: '0' }))
    session = await demoCustomerSession(base)
  }, 120_000)

  afterAll(() => close())

  it('answers none of them 5xx, and every refusal in words', async () => {
    const random = seededRandom(SEED)
    const requests: { url: string; init: RequestInit }[] = []
    // Half the requests are the customer's; a logout would end their login for the rest.
    const cookie = (route: string): Record<string, string> =>
      random.chance(0.5) && route !== '/auth/logout' ? { cookie: session } : {}
    /** A route's path with its parameters filled (`*` and `:name?` included). */
    const concrete = (route: string, fill: () => string) =>
      route.replace(/:[\w]+\??|\*/g, () => fill()).replace(/\/$/, '') || '/'
    /** The router's data address of a path (the landing's is `/_root.data`). */
    const dataOf = (pathname: string) => (pathname === '/' ? '/_root.data' : `${pathname}.data`)

    for (const route of await pagePaths()) {
      const plain = () => concrete(route, () => random.pick(['extra-time-tour-tee', '1', 'x']))
      for (let i = 0; i < GETS_PER_PAGE; i++) {
        const pathname = random.chance(0.3) ? dataOf(plain()) : plain()
        const pairs = Array.from(
          { length: 1 + random.int(3) },
          () => `${random.pick(KEYS)}=${random.pick(VALUES)}`,
        )
        requests.push({ url: `${pathname}?${pairs.join('&')}`, init: { headers: cookie(route) } })
      }
      if (/:|\*/.test(route)) {
        for (let i = 0; i < SEGMENTS_PER_PARAM; i++) {
          const pathname = concrete(route, () => random.pick(SEGMENTS))
          requests.push({
            url: random.chance(0.3) ? dataOf(pathname) : pathname,
            init: { headers: cookie(route) },
          })
        }
      }
      for (let i = 0; i < POSTS_PER_PAGE; i++) {
        const body = Array.from(
          { length: 1 + random.int(5) },
          () => `${random.pick(FIELDS)}=${random.pick(VALUES)}`,
        )
        if (random.chance(0.2)) body.push('%%%&&==')
        const pathname = plain()
        requests.push({
          url: random.chance(0.5) ? dataOf(pathname) : `${pathname}${random.chance(0.2) ? '?index' : ''}`,
          init: {
            method: 'POST',
            headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded', ...cookie(route) },
            body: body.join('&'),
          },
        })
      }
    }

    const failures: string[] = []
    async function send({ url, init }: (typeof requests)[number]) {
      const response = await fetch(base + url, { ...init, redirect: 'manual' })
      const text = await response.text()
      const what = `${init.method ?? 'GET'} ${url.slice(0, 160)} ${String(init.body ?? '').slice(0, 160)} → ${response.status}`
      if (response.status >= 500) failures.push(`${what}: ${text.slice(0, 300)}`)
      else if (response.status >= 400 && !url.includes('.data')) {
        const type = response.headers.get('content-type') ?? ''
        if (type.startsWith('text/html') && !/<h1[\s>]/.test(text))
          failures.push(`${what}: a page without a heading`)
        if (type.startsWith('application/json')) {
          const body = JSON.parse(text) as Record<string, unknown>
          if (body.statusCode !== response.status || typeof body.message !== 'string' || !body.message)
            failures.push(`${what}: ${text.slice(0, 300)}`)
        }
      }
    }
    for (let i = 0; i < requests.length; i += IN_FLIGHT)
      await Promise.all(requests.slice(i, i + IN_FLIGHT).map(send))

    expect(failures).toEqual([])
    expect(requests.length).toBeGreaterThan(1000)
    for (const pathname of ['/', '/shop', '/products/extra-time-tour-tee', '/cart']) {
      const response = await fetch(base + pathname)
      expect(response.status, pathname).toBe(200)
      await response.arrayBuffer()
    }
  }, 300_000)
})
