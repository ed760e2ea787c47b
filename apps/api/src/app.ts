/**
 * Builds the API: error normalisation, health, OpenAPI and one plugin per domain.
 * The storefront is added on top of this by server.ts; tests use buildApp alone with `inject`.
 */
import { maxHeaderSize } from 'node:http'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import accountsPlugin from './accounts/plugin.ts'
import adminPlugin from './admin/plugin.ts'
import cartPlugin from './cart/plugin.ts'
import catalogPlugin from './catalog/plugin.ts'
import type { Config } from './config.ts'
import contentPlugin from './content/plugin.ts'
import type { ShopContext } from './context.ts'
import type { ShopDatabase } from './db/database.ts'
import { registerApiCompression } from './http/api-compression.ts'
import {
  answerClientError,
  answerConnect,
  answerFrameworkError,
  registerErrorHandling,
} from './http/errors.ts'
import healthPlugin from './http/health.ts'
import { type LogSettings, loggerOptions, redactUrl } from './http/logging.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerPageCacheInvalidation } from './http/page-cache.ts'
import {
  acceptEmptyJsonBodies,
  ignoreUnreadableRanges,
  parseQuerystring,
  refuseBodiesNotObjects,
} from './http/request-input.ts'
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts'
import launchPlugin from './launch/plugin.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import mediaPlugin from './media/plugin.ts'
import sitePlugin from './site/plugin.ts'

/**
 * How long a request may take to arrive whole, headers and body, before it is answered 408 and
 * its connection closed. Fastify turns Node's limit off, so a client that trickled a body in (on
 * drop day, a bot holding thousands of connections open) kept each connection for ever. Two
 * minutes: the back office's largest upload, an image of 10 MB, takes 80 s at 1 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 120_000

/**
 * How long a plugin may take to start in development. The storefront's plugin starts Vite there,
 * which took more than Fastify's default 10 s on a busy two-core machine (the test suite's
 * browsers beside it). Elsewhere the default stands: a plugin that hangs stops the start.
 */
const DEVELOPMENT_PLUGIN_TIMEOUT_MS = 120_000

export interface AppOptions {
  config: Config
  database: ShopDatabase
  now?: () => number
  mailer?: Mailer
  /** The log level and where lines go, or false for silence (tests). */
  logger?: false | LogSettings
  /** REQUEST_TIMEOUT_MS unless a test needs it shorter. */
  requestTimeoutMs?: number
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const refusalHeaders = apiSecurityHeaders(options.config)
  const app = Fastify({
    logger:
      options.logger === false ? false : loggerOptions(options.logger ?? { level: options.config.LOG_LEVEL }),
    logController: new LogController({ disableRequestLogging: true }),
    // Whose X-Forwarded-For to believe: by default only loopback (a proxy on this machine). The
    // storefront in this process hands the visitor's address over as the peer's (in-process-fetch.ts).
    trustProxy: options.config.TRUST_PROXY,
    // During a graceful shutdown, requests already on open connections are still answered.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    ...(options.config.NODE_ENV === 'development' ? { pluginTimeout: DEVELOPMENT_PLUGIN_TIMEOUT_MS } : {}),
    // Given to Node's server as it is made too: set only afterwards, as Fastify does, it was not
    // applied. Node looks for late requests every 30 s; a shorter limit is looked for more often.
    requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: Math.min(30_000, requestTimeout / 4) },
    // A path parameter as long as a request head Node accepts reaches its route, whose schema
    // answers a bad one 400 as it does a shorter one; find-my-way's default of 100 answered 414.
    routerOptions: { querystringParser: parseQuerystring, maxParamLength: maxHeaderSize },
    frameworkErrors: (error, request, reply) => answerFrameworkError(refusalHeaders, error, request, reply),
    clientErrorHandler: (error, socket) => answerClientError(refusalHeaders, error, socket),
  })
  app.server.on('connect', (_request, socket) => answerConnect(refusalHeaders, socket))
  acceptEmptyJsonBodies(app)
  refuseBodiesNotObjects(app)
  ignoreUnreadableRanges(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const ctx: ShopContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    now: options.now ?? Date.now,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: options.config.SMTP_URL,
        from: options.config.MAIL_FROM,
        outboxDir: `${options.config.dataDir}/outbox`,
        log: app.log,
      }),
    log: app.log,
  }
  app.decorate('shop', ctx)
  app.addHook('onClose', async () => ctx.mailer.close())

  // One structured line per request, when the answer has gone out; no hook at all when the level
  // leaves request lines out (the line was built, its URL redacted, and then dropped by pino).
  if (options.logger !== false && (app.log as Logger).isLevelEnabled('info')) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      )
    })
  }

  registerErrorHandling(app)
  await registerSecurityHeaders(app)
  await registerApiCompression(app)
  registerPageCacheInvalidation(app)
  await registerOpenApi(app)
  await app.register(healthPlugin)
  await app.register(mediaPlugin)
  await app.register(sitePlugin)
  await app.register(catalogPlugin)
  await app.register(accountsPlugin)
  await app.register(cartPlugin)
  await app.register(contentPlugin)
  await app.register(launchPlugin)
  await app.register(adminPlugin)
  return app
}
