import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // Route middleware and a typed request context: the visitor is resolved once per request (site/visitor.server.ts).
  future: { v8_middleware: true },
} satisfies Config
