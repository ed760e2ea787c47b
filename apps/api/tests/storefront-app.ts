/**
 * The API with the storefront served from this process, over the storefront's build, listening on
 * a port of its own: for tests of the page cache and the pages' headers as the source has them
 * (the built server's tests run the code as last built).
 */
import { fileURLToPath } from 'node:url'
import { parseSocialLinks } from '@fanshop/core'
import { inProcessApi } from '../src/http/in-process-api.ts'
import { inProcessFetch } from '../src/http/in-process-fetch.ts'
import storefrontPlugin, { type StorefrontOptions } from '../src/http/storefront.ts'
import { createTestApp, type TestApp } from './test-app.ts'

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url))

/**
 * The test app with the storefront registered, the address it listens on, and how to close it
 * (connections a test left open, such as a stalled visitor's, included). `wrapRender` wraps the
 * build's page render, for a test that makes one fail.
 */
export async function createStorefrontApp(
  env: Record<string, string>,
  { wrapRender }: Pick<StorefrontOptions, 'wrapRender'> = {},
): Promise<{ t: TestApp; base: string; close: () => Promise<void> }> {
  const t = await createTestApp({ ready: false, env })
  const { config } = t.ctx
  await t.app.register(storefrontPlugin, {
    webRoot,
    loadContext: {
      apiBaseUrl: config.apiBaseUrl,
      publicUrl: config.publicUrl,
      storeHost: null,
      secureCookies: false,
      analyticsId: null,
      facebookAppId: null,
      launchAt: config.LAUNCH_AT,
      shopTz: config.SHOP_TZ,
      socialLinks: parseSocialLinks(config.SOCIAL_LINKS),
      apiFetch: inProcessFetch(t.app),
      apiInProcess: inProcessApi(t.app),
      sessionSecret: 'test-session-secret-of-at-least-32-characters',
    },
    ...(wrapRender ? { wrapRender } : {}),
  })
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const close = async () => {
    t.app.server.closeAllConnections()
    await t.close()
  }
  return { t, base, close }
}
