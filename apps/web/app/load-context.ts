/**
 * What the server hands every loader and action (built by apps/api/src/server.ts from the
 * validated configuration). Public, non-secret settings only.
 */
import type { SocialLinks } from '@fanshop/core'

export interface StorefrontContext {
  apiBaseUrl: string
  publicUrl: string
  storeHost: string | null
  secureCookies: boolean
  analyticsId: string | null
  facebookAppId: string | null
  launchAt: string
  shopTz: string
  /** The social bar's share targets, the social share popup's profiles and the stream popup's services (SOCIAL_LINKS). */
  socialLinks: SocialLinks
  /**
   * How the API client reaches the back end. When the storefront and the API share a process
   * (no API_BASE_URL), requests are dispatched in-process: no loopback socket, and page renders
   * still in flight during a graceful shutdown keep reaching the API.
   */
  apiFetch: typeof fetch
  /** The visitor's IP address, forwarded to the API (X-Forwarded-For) for per-visitor rate limits. */
  clientIp: string | null
  /** This response's Content-Security-Policy nonce: every inline script the render emits carries it. */
  cspNonce: string
}

declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}
