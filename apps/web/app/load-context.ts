/**
 * What the server hands every loader and action (built by apps/api/src/server.ts from the
 * validated configuration). Public, non-secret settings only.
 */
export interface StorefrontContext {
  apiBaseUrl: string
  publicUrl: string
  storeHost: string | null
  secureCookies: boolean
  analyticsId: string | null
  facebookAppId: string | null
  launchAt: string
  shopTz: string
}

declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}
