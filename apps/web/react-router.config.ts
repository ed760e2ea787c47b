import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // Route middleware and a typed request context: the visitor is resolved once per request (site/visitor.server.ts).
  // Loaders, actions and middleware get the request as it came, and read the page's address from
  // `url` (without the router's `.data` and `_routes`): React Router no longer copies the request
  // twice for every loader of every page (new Request and new URL each time; issue 15).
  future: { v8_middleware: true, v8_passThroughRequests: true },
  // The browser gets every route's manifest entry up front, in one hashed file cached for a year
  // (3.4 KiB gzip for 76 routes), instead of asking /__manifest for the routes its page links to
  // once it has hydrated: that request and the route tree's rebuild after it were work on every
  // first page of every visitor (the renderer's script time until hydrated fell 3-17% on home,
  // /shop and a product page; docs/performance-log.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
