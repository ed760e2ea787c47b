/**
 * What the server hands every loader and action (built by apps/api/src/server.ts from the
 * validated configuration): core's storefront settings, public and non-secret, plus the request's own.
 * With React Router's middleware the load context is a RouterContextProvider: the server sets these
 * values on it, so loaders read `context.apiBaseUrl` as before, and typed values (the visitor) with
 * `context.get(...)`.
 */
import type { InProcessApi, StorefrontSettings } from '@fanshop/core'

export interface StorefrontContext extends StorefrontSettings {
  /**
   * How the API client reaches the back end. When the storefront and the API share a process
   * (no API_BASE_URL), requests are dispatched in-process: no loopback socket, and page renders
   * still in flight during a graceful shutdown keep reaching the API.
   */
  apiFetch: typeof fetch
  /**
   * In the API's own process, its read endpoints (catalogue, content, menus) answered without HTTP:
   * the same handlers and validation, the answer handed over as an object. Null otherwise.
   */
  apiInProcess: InProcessApi | null
  /** The visitor's IP address, forwarded to the API (X-Forwarded-For) for per-visitor rate limits. */
  clientIp: string | null
  /** This response's Content-Security-Policy nonce: every inline script the render emits carries it. */
  cspNonce: string
  /**
   * The request asks for a page's data (React Router's `.data`), which only the storefront's own
   * scripts do: the visitor's browser runs them.
   */
  scripted: boolean
  /** Signs the visitor's session cookie (SESSION_SECRET); never sent to the browser. */
  sessionSecret: string
  /**
   * The version of what every visitor sees: the back end moves it with each write that changes
   * what pages show (the page cache's version, shared by instances through Redis). Reads kept for
   * every visitor (site/kept-read.server.ts) are read again when it moves.
   */
  sharedDataVersion: () => string
}

declare module 'react-router' {
  interface RouterContextProvider extends StorefrontContext {}
  interface AppLoadContext extends Readonly<RouterContextProvider> {}
}
