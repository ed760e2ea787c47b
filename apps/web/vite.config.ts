import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * The browser build's text assets also written as .br and .gz beside themselves, compressed once
 * at the highest levels, so the server answers by content negotiation without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'fanshop:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? ''
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(?:js|css|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue
        const file = path.join(dir, fileName)
        const source = fs.readFileSync(file)
        fs.writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        )
      }
    },
  }
}

/**
 * React Router's package points every bundler (and Node) at its development build; the browser
 * and the server get its production build instead (same code without the development warnings).
 * The server build bundles the router for that (ssr.noExternal below), and exports its request
 * handler (server-build.ts), so the API serves pages with this same copy.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'fanshop:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved) return null
      const production = resolved.id.replace(
        `${path.sep}dist${path.sep}development${path.sep}`,
        `${path.sep}dist${path.sep}production${path.sep}`,
      )
      return fs.existsSync(production) ? { ...resolved, id: production } : resolved
    },
  }
}

const ROUTER_PACKAGES = ['react-router', '@react-router/node', 'cookie', 'set-cookie-parser']

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouterProductionBuild(), reactRouter(), precompress()],
  build: { target: 'es2022', ...(isSsrBuild ? { rollupOptions: { input: './server-build.ts' } } : {}) },
  // The router is bundled with its own dependencies (their versions nested under it in node_modules).
  ...(command === 'build' ? { ssr: { noExternal: ROUTER_PACKAGES } } : {}),
  environments: {
    client: {
      // Building a zod schema (with zod or packages/core/src/input.ts's builders) changes nothing
      // outside it: a page that never checks with one does not download zod (packages/core mixes
      // small rules and schemas in one module).
      build: {
        rolldownOptions: {
          treeshake: { manualPureFunctions: ['z', 'text', 'wholeNumber', 'boundedNumber'] },
        },
      },
    },
  },
}))
