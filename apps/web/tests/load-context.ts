/** A whole load context for the storefront's unit tests, its API answered by the test's own fetch. */
import { RouterContextProvider } from 'react-router'

export function testLoadContext(
  apiFetch: typeof fetch,
  apiBaseUrl = 'http://api.test',
): Readonly<RouterContextProvider> {
  return Object.assign(new RouterContextProvider(), {
    apiBaseUrl,
    publicUrl: 'http://shop.test',
    storeHost: null,
    secureCookies: false,
    analyticsId: null,
    facebookAppId: null,
    launchAt: '2026-01-01T00:00',
    shopTz: 'UTC',
    socialLinks: { invitation: { subject: 's', text: 't' }, share: [], profiles: [], streams: [] },
    apiFetch,
    apiInProcess: null,
    clientIp: null,
    cspNonce: 'n',
    scripted: false,
    sessionSecret: 'a-test-session-secret-of-32-characters',
    sharedDataVersion: () => '0',
  })
}
