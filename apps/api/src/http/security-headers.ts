/**
 * Security headers on every response (API, pages, assets), worked out by helmet. Pages get the
 * full set: a Content-Security-Policy whose scripts are this origin's files and the inline
 * scripts carrying this request's nonce (the storefront's server render puts it on each one), no
 * framing, nosniff, a referrer policy, the cross-origin policies, and HSTS only when PUBLIC_URL is
 * https. The /docs reference page keeps the policy its own plugin computes for it (http/openapi.ts).
 *
 * API answers (JSON, the back office's too, media, health) and the hashed assets of the storefront
 * and the back office are never rendered as a document that loads anything, so they get only what
 * matters for them (issue 13, seventh pass: the page set was about 900 bytes of an add's answer;
 * issue 15: a kilobyte on each of the 11–13 scripts of a first load): nosniff, a policy that allows
 * nothing and no framing, the referrer policy, the resource policy and HSTS when https. The headers
 * meant for documents (X-Frame-Options, the opener policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection)
 * stay on pages.
 *
 * Helmet runs twice at start, not per request: once for API answers and once for pages with a
 * placeholder where each page's nonce goes. A request then only sets those fixed headers, and only
 * a page draws a nonce: per request, helmet re-validated the whole policy and drew random bytes on
 * the add-to-cart path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet from 'helmet'
import { type Config, perConfig } from '../config.ts'
import { freshNonce } from './csp-nonce.ts'

const nonces = new WeakMap<IncomingMessage, string>()

/** The nonce this request's inline scripts must carry to run (pages only). */
export function cspNonce(request: FastifyRequest): string {
  const nonce = nonces.get(request.raw)
  if (!nonce) throw new Error(`No CSP nonce for ${request.url}: only pages carry one.`)
  return nonce
}

/** Where the storefront's build puts its hashed scripts and stylesheets. */
export const ASSETS_PREFIX = '/assets/'
/** Where the back office's API answers, and where its build's hashed files are served. */
export const ADMIN_API_PREFIX = '/admin/api/'
export const ADMIN_ASSETS_PREFIX = '/admin/assets/'
const NEVER_PAGE_PREFIXES = [
  '/api/',
  '/wp-json/',
  '/media/',
  ASSETS_PREFIX,
  ADMIN_API_PREFIX,
  ADMIN_ASSETS_PREFIX,
]
const NEVER_PAGE_PATHS = new Set(['/healthz', '/openapi.json'])

/**
 * Whether `url` (a path, with or without its query) is answered by anything but a page: the APIs
 * (the back office's too) and media, the storefront's and the back office's hashed scripts and
 * stylesheets (a browser applies a policy to documents and workers only, and the one worker the
 * storefront starts, the waiting room's, is built from a blob and keeps its page's policy), and
 * the server's health and OpenAPI document. Those two are their exact paths: a longer one is a page
 * (the storefront's 404), and a page needs its nonce.
 */
export function isNeverAPage(url: string): boolean {
  const queryAt = url.indexOf('?')
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
  return NEVER_PAGE_PATHS.has(pathname) || NEVER_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

/** Where the page's nonce goes in its policy; base64 letters only, so helmet accepts it as a source. */
const NONCE_SLOT = 'NONCESLOT'

export type Header = [name: string, value: string]

/** The headers helmet's middleware sets, recorded once. */
function headersOf(middleware: ReturnType<typeof helmet>): Header[] {
  const headers: Header[] = []
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  }
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

const hstsOf = (config: Config) =>
  config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false

const referrerPolicy = { policy: 'strict-origin-when-cross-origin' as const }

/**
 * The headers of every API answer, and of the server's own refusals before any route (a malformed
 * URL, a request head Node cannot read), which are JSON too.
 */
export const apiSecurityHeaders = perConfig((config): Header[] =>
  headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      originAgentCluster: false,
      referrerPolicy,
      strictTransportSecurity: hstsOf(config),
      xContentTypeOptions: true,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  ),
)

export async function registerSecurityHeaders(app: FastifyInstance) {
  const { config } = app.shop
  const https = config.publicUrl.startsWith('https://')
  // Third parties are allowed only when the shop is configured to use them.
  const analytics = config.ANALYTICS_ID
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']
    : []
  const facebook = config.FACEBOOK_APP_ID ? ['https://connect.facebook.net'] : []
  const facebookFrames = config.FACEBOOK_APP_ID ? ['https://*.facebook.com'] : []

  const pageHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`, ...analytics, ...facebook],
          scriptSrcAttr: ["'none'"],
          // React renders style attributes; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'blob:'],
          // The waiting room's proof-of-work widget solves in a worker it builds from a blob.
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...analytics, ...facebookFrames],
          frameSrc: ["'self'", ...facebookFrames],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      // Facebook's login popup reports back to the page that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy,
      strictTransportSecurity: hstsOf(config),
      xFrameOptions: { action: 'deny' },
    }),
  )
  const apiHeaders = apiSecurityHeaders(config)

  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw
    if (isNeverAPage(request.url)) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value)
      return done()
    }
    const nonce = freshNonce()
    nonces.set(request.raw, nonce)
    for (const [name, value] of pageHeaders) res.setHeader(name, value.replace(NONCE_SLOT, nonce))
    done()
  })
}
