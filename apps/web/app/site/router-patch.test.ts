// Our patch of React Router's production build (patches/, docs/decisions/0015) must change what
// matching and server rendering cost, never what they answer. The router's development build is
// left as published, so it is the reference: both builds match the shop's own route tree against
// every path its routes make, in the forms a visitor or an attacker may send them, and must agree;
// and both render the same links on the server.
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { type ContextType, createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type * as ReactRouter from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import routeConfig from '../routes.ts'

type Router = typeof ReactRouter
const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'))
const load = (build: string): Promise<Router> =>
  import(pathToFileURL(path.join(packageDir, 'dist', build, 'index.mjs')).href)
const patched = await load('production')
const published = await load('development')

type RouteObject = ReactRouter.RouteObject
const toRoute = (entry: RouteConfigEntry): RouteObject =>
  entry.index
    ? { id: entry.id ?? entry.file, path: entry.path, index: true, caseSensitive: entry.caseSensitive }
    : {
        id: entry.id ?? entry.file,
        path: entry.path,
        caseSensitive: entry.caseSensitive,
        children: entry.children?.map(toRoute),
      }
/** The storefront's route tree as the router holds it: the root route above app/routes.ts. */
const routes: RouteObject[] = [{ id: 'root', path: '', children: routeConfig.map(toRoute) }]

/**
 * Every path the routes make: each route's full path with its parameters filled in, and without
 * its optional ones.
 */
function pathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}` : parent
    const filled = own
      .replace(/:\w+\?/g, 'some-value')
      .replace(/:\w+/g, 'a-value')
      .replace('*', 'any/thing')
    const bare = own.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'a-value')
    return [filled || '/', bare || '/', ...pathsOf(route.children ?? [], own)]
  })
}

/** The forms a path may arrive in besides its own. */
const variants = (p: string) => [
  p,
  p.toUpperCase(),
  `${p}/`,
  `${p}//`,
  `/${p}`,
  `${p}/extra`,
  `${p}x`,
  p.slice(0, -1),
  p.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
  p.replace(/k/gi, '\u212a'),
  p.replace(/i/gi, '\u0130'),
  p.replace(/-/g, '%2F'),
]
const corpus = [
  ...new Set([
    ...pathsOf(routes).flatMap(variants),
    '',
    '/',
    '//',
    'shop',
    '/%',
    '/%E0%A4%A',
    '/sitemap.xml',
    '/sitemapxxml',
    '/lookbook-0',
    '/lookbook-07',
    '/product/a/b',
    '/products//tee',
    '/ünïcode/päth',
    '/a'.repeat(200),
  ]),
]

/** The static handler's context for a request to `url`, which must render a page. */
async function contextOf(handler: ReturnType<Router['createStaticHandler']>, url: string) {
  const context = await handler.query(new Request(`http://shop.test${url}`))
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`)
  return context
}

const summary = (matches: ReactRouter.RouteMatch[] | null) =>
  matches?.map(({ route, pathname, pathnameBase, params }) => ({
    id: route.id,
    pathname,
    pathnameBase,
    params,
  }))

/** Both builds match each path against the tree alike: the same routes, pathnames and params. */
function expectSameMatches(tree: RouteObject[], paths: string[], basename?: string) {
  for (const pathname of paths) {
    expect(summary(patched.matchRoutes(tree, pathname, basename)), pathname).toEqual(
      summary(published.matchRoutes(tree, pathname, basename)),
    )
  }
}

/**
 * Matching thousands of paths twice (each call flattens the tree again) takes 3.5 s of CPU on an
 * idle slow machine and twice that beside the rest of the suite: a fixed amount of work, so its
 * time limit is set for the slowest machine rather than Vitest's 5 s.
 */
const WHOLE_CORPUS_MS = 60_000

describe("React Router's patched production build", () => {
  // The development build warns of each malformed path the corpus holds on purpose.
  const warn = vi.spyOn(console, 'warn')
  beforeAll(() => warn.mockImplementation(() => {}))
  afterAll(() => warn.mockRestore())

  it('is the one installed (npm ci applies patches/)', () => {
    const branches = patched.createStaticHandler(routes)._internalRouteBranches as Array<{
      leadingSegment?: unknown
    }>
    expect(branches.some((branch) => typeof branch.leadingSegment === 'string')).toBe(true)
  })

  it(
    `matches ${corpus.length} paths exactly as the published router does`,
    () => {
      expect(corpus.length).toBeGreaterThan(600)
      expectSameMatches(routes, corpus)
    },
    WHOLE_CORPUS_MS,
  )

  it('matches routes the shop does not have yet as the published router does', () => {
    const others: RouteObject[] = [
      {
        id: 'root',
        path: '',
        children: [
          { id: 'index', index: true },
          { id: 'about', path: 'About', caseSensitive: true },
          { id: 'docs', path: ':lang/docs' },
          { id: 'files', path: 'files/*' },
          { id: 'absolute', path: '/abs/olute' },
          { id: 'optional', path: 'opt?/rest' },
          { id: 'tilde', path: '~me.json' },
          { id: 'area', path: 'area', children: [{ id: 'area-any', path: '*' }] },
        ],
      },
    ]
    const paths = ['/', '/About', '/about', '/ABOUT/', '/en/docs', '/docs', '/files', '/files/a/b']
    paths.push('/FILES/x', '/abs/olute', '/abs', '/opt/rest', '/rest', '/~me.json', '/~ME.JSON')
    paths.push('/area', '/area/x/y', '/areas', '/%41bout', '/\u212aey')
    expectSameMatches(others, paths.flatMap(variants))
  })

  it(
    'matches under a basename exactly as the published router does',
    () => {
      expectSameMatches(
        routes,
        corpus.map((pathname) => `/store${pathname}`),
        '/store',
      )
    },
    WHOLE_CORPUS_MS,
  )

  it('gives each render of one route tree its own state over data routes made once', async () => {
    const handler = patched.createStaticHandler(routes)
    const shop = patched.createStaticRouter(handler.dataRoutes, await contextOf(handler, '/shop'))
    const product = patched.createStaticRouter(handler.dataRoutes, await contextOf(handler, '/product/a-tee'))
    expect(shop.routes).toBe(product.routes)
    expect(shop.state.location.pathname).toBe('/shop')
    expect(shop.state.matches.at(-1)?.route.id).toBe('catalog/routes/shop.tsx')
    expect(product.state.matches.at(-1)?.route.id).toBe('catalog/product')
    expect(product.state.matches.at(-1)?.params).toEqual({ slug: 'a-tee' })
    expect(shop.state.matches.at(-1)?.route).toBe(shop.routes[0]?.children?.[1]?.children?.[0])
  })
})

/** A page of links rendered on the server by one build, at `url`, with each link in `links`. */
async function linksPage(router: Router, url: string, links: ReactNode) {
  const tree: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      element: createElement(router.Outlet),
      children: [{ id: 'product', path: 'product/:slug', element: createElement('nav', null, links) }],
    },
  ]
  const handler = router.createStaticHandler(tree)
  const context = await contextOf(handler, url)
  const staticRouter = router.createStaticRouter(handler.dataRoutes, context)
  return renderToString(createElement(router.StaticRouterProvider, { router: staticRouter, context }))
}

describe("React Router's patched production build renders links on the server", () => {
  const targets = [
    '/',
    '/shop',
    '/shop/',
    '/shop?sort=price&page=2',
    '/shop?',
    '/shop#',
    '/shop#grid',
    '/product/a-tee?size=M#sizes',
    '/a/../b/./c',
    '/a//b',
    '/%E2%82%AC/ünïcode path',
    '//evil.test/x',
    '/\\evil.test',
    'https://elsewhere.test/a',
    'mailto:fans@shop.test',
    'other-tee',
    '../other-tee',
    '.',
    '',
    '?page=3',
    '#top',
    { pathname: '/shop', search: '?q=tee', hash: '#r' },
  ] as const
  const links = (router: Router) =>
    targets.flatMap((to, i) => [
      createElement(router.Link, { key: `a${i}`, to, className: 'link', 'aria-label': `to ${i}` }, 'a'),
      createElement(
        router.Link,
        { key: `b${i}`, to, prefetch: 'intent', discover: 'none', target: '_blank' },
        'b',
      ),
      createElement(
        router.Link,
        { key: `c${i}`, to, prefetch: 'render', relative: 'path', reloadDocument: true },
        'c',
      ),
      createElement(
        router.Link,
        { key: `d${i}`, to, mask: '/masked', replace: true, state: { from: i } },
        'd',
      ),
      createElement(router.NavLink, { key: `e${i}`, to, end: true }, 'e'),
    ])

  it.each(['/product/a-tee', '/product/a-tee/?x=1#y'])(
    'renders every kind of link at %s as the published build does',
    async (url) => {
      const ours = await linksPage(patched, url, links(patched))
      expect(ours).toContain('href="/shop?sort=price&amp;page=2"')
      expect(ours).toBe(await linksPage(published, url, links(published)))
    },
  )

  it('renders a link to a path from the root without the browser-side hooks', () => {
    // The published build's link needs the location (useHref, useLocation) even for such a path;
    // the patched one needs only the navigator, which is how we know the server path is taken.
    const inNavigation = (router: Router) => {
      const navigator = {
        createHref: (to: ReactRouter.To) => (typeof to === 'string' ? to : router.createPath(to)),
      }
      const value = { basename: '/', navigator, static: true, future: {}, useTransitions: undefined }
      return renderToString(
        createElement(
          router.UNSAFE_NavigationContext.Provider,
          { value: value as unknown as ContextType<Router['UNSAFE_NavigationContext']> },
          createElement(router.Link, { to: '/shop?x=1' }, 'shop'),
        ),
      )
    }
    expect(inNavigation(patched)).toBe('<a href="/shop?x=1" data-discover="true">shop</a>')
    expect(() => inNavigation(published)).toThrow(/useHref\(\) may be used only in the context of a <Router>/)
  })
})
