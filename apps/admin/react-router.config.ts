import type { Config } from '@react-router/dev/config'

// The back office needs no server render (no search engine or link preview ever sees it): a
// single-page app under /admin, its own bundle, whose index.html the API serves for every page.
export default {
  ssr: false,
  appDirectory: 'app',
  basename: '/admin',
} satisfies Config
