import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // Route middleware and a typed request context: the visitor is resolved once per request (site/visitor.server.ts).
  future: { v8_middleware: true },
  // The browser gets every route's manifest entry up front, in one hashed file cached for a year
  // (3.4 KiB gzip for 76 routes), instead of asking /__manifest for the routes its page links to
  // once it has hydrated: that request and the route tree's rebuild after it were work on every
  // first page of every visitor (the renderer's script time until hydrated fell 3-17% on home,
  // /shop and a product page; docs/performance-log.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
