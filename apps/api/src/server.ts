/**
 * The one production process: validates configuration, migrates, seeds an empty database,
 * and serves the API and the storefront on PORT until SIGTERM, when in-flight requests
 * finish and the database closes.
 */
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { parseSocialLinks } from '@fanshop/core'
import adminAppPlugin from './admin/app-serving.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, sessionSecret } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { isEmpty, seedDemo } from './demo/seed.ts'
import { inProcessApi } from './http/in-process-api.ts'
import { inProcessFetch } from './http/in-process-fetch.ts'
import storefrontPlugin from './http/storefront.ts'

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url))
const adminRoot = fileURLToPath(new URL('../../admin/', import.meta.url))

async function main() {
  // A .env file in the working directory, when present, fills variables the environment lacks.
  try {
    process.loadEnvFile()
  } catch {}
  let config: ReturnType<typeof loadConfig>
  let secret: string
  try {
    config = loadConfig()
    secret = sessionSecret(config)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  // React, and React DOM's server renderer in the storefront's build, choose between their
  // production and development builds by process.env.NODE_ENV, read when the storefront is
  // imported below. Left unset, the configuration's default (production) held for the shop and
  // React ran its development builds, at nearly twice the CPU per page.
  process.env.NODE_ENV = config.NODE_ENV

  const database = openDatabase(config.databaseUrl)
  await migrateToLatest(database.db)
  const app = await buildApp({ config, database })
  app.addHook('onClose', async () => {
    await database.close()
    app.log.info('database closed')
  })

  if (config.SEED_DEMO === 'true' && (await isEmpty(app.shop))) {
    app.log.info('empty database: seeding demo content')
    await seedDemo(app.shop)
  }

  const loadContext = {
    apiBaseUrl: config.apiBaseUrl,
    publicUrl: config.publicUrl,
    storeHost: config.STORE_HOST ?? null,
    secureCookies: config.publicUrl.startsWith('https://'),
    analyticsId: config.ANALYTICS_ID ?? null,
    facebookAppId: config.FACEBOOK_APP_ID ?? null,
    launchAt: config.LAUNCH_AT,
    shopTz: config.SHOP_TZ,
    socialLinks: parseSocialLinks(config.SOCIAL_LINKS),
    apiFetch: config.API_BASE_URL ? fetch : inProcessFetch(app),
    apiInProcess: config.API_BASE_URL ? null : inProcessApi(app),
    sessionSecret: secret,
  }
  await app.register(adminAppPlugin, { adminRoot })
  await app.register(storefrontPlugin, { webRoot, loadContext })

  const address = await app.listen({ host: config.HOST, port: config.PORT })
  app.log.info({ address, database: database.dialect }, 'fan shop ready')

  let closing = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down: finishing in-flight requests')
      closeConnectionsAsTheyFallIdle(app.server)
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
    })
  }
}

/**
 * While the server closes, each keep-alive connection is closed as soon as its answer is out.
 * Fastify closes the connections idle when closing starts and tells requests that arrive later
 * `Connection: close`, but a connection whose request was in flight then stayed open, idle, for
 * the keep-alive timeout (72 s) and held the process up that long: past an orchestrator's grace
 * period on a deploy, which then kills it with whatever those connections are asking for.
 */
function closeConnectionsAsTheyFallIdle(server: Server) {
  setInterval(() => server.closeIdleConnections(), 100).unref()
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
