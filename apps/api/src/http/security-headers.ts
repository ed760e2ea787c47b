/**
 * Security headers on every response (API, pages, assets), through helmet: a
 * Content-Security-Policy whose scripts are this origin's files and the inline scripts carrying
 * this request's nonce (the storefront's server render puts it on each one), no framing, nosniff,
 * a referrer policy, and HSTS only when PUBLIC_URL is https. The /docs reference page keeps the
 * policy its own plugin computes for it (http/openapi.ts). Helmet's middleware is built once at
 * start and applied in one onRequest hook: @fastify/helmet built it anew for every request, which
 * re-parsed the whole policy on the add-to-cart path (about 5% of its CPU).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet from 'helmet'

const nonces = new WeakMap<IncomingMessage, string>()

/** The nonce this request's inline scripts must carry to run. */
export function cspNonce(request: FastifyRequest): string {
  const nonce = nonces.get(request.raw)
  if (!nonce) throw new Error('No CSP nonce: security headers are not registered.')
  return nonce
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const { config } = app.shop
  const https = config.publicUrl.startsWith('https://')
  // Third parties are allowed only when the shop is configured to use them.
  const analytics = config.ANALYTICS_ID
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']
    : []
  const facebook = config.FACEBOOK_APP_ID ? ['https://connect.facebook.net'] : []
  const facebookFrames = config.FACEBOOK_APP_ID ? ['https://*.facebook.com'] : []

  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: [
          "'self'",
          (request: IncomingMessage) => `'nonce-${nonces.get(request)}'`,
          ...analytics,
          ...facebook,
        ],
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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })

  app.addHook('onRequest', (request, reply, done) => {
    nonces.set(request.raw, randomBytes(16).toString('base64'))
    applyHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
  })
}
