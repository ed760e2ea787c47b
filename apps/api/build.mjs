// Bundles the API server into dist/server.js (bundle.mjs says how).
import { build } from 'esbuild'
import { bundleOptions } from './bundle.mjs'

await build({
  ...bundleOptions,
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  sourcemap: true,
})
