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

/**
 * packages/core is pure rules (no I/O), yet it builds its zod schemas at module level beside the
 * small rules pages use (an access code's alphabet beside its request's schema, a menu rule beside
 * the menu's schema). The bundler cannot tell that a builder chain (`z.object(...).refine(...)`)
 * changes nothing outside itself, so a page using one rule of such a module downloaded zod. In the
 * browser build each top-level `const x = call(...)` of core becomes a pure call of a function that
 * returns it, arguments and all: unused, it is dropped whole.
 */
function pureCoreDeclarations(): Plugin {
  const core = path.resolve(import.meta.dirname, '../../packages/core/src') + path.sep
  return {
    name: 'fanshop:pure-core-declarations',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!id.startsWith(core)) return null
      const initializers: Array<{ start: number; end: number }> = []
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        if (declaration?.type !== 'VariableDeclaration') continue
        for (const { init } of declaration.declarations)
          if (init?.type === 'CallExpression')
            initializers.push(init as unknown as { start: number; end: number })
      }
      if (initializers.length === 0) return null
      let marked = code
      for (const { start, end } of initializers.reverse())
        marked = `${marked.slice(0, start)}/* @__PURE__ */ (() => ${marked.slice(start, end)})()${marked.slice(end)}`
      return { code: marked, map: null }
    },
  }
}

/**
 * `virtual:fanshop/stylesheets` for the server render: each stylesheet of the browser build by
 * its URL (/assets/….css) with its text, so a page's styles arrive in its HTML
 * (app/site/first-paint-styles.server.ts). React Router writes the browser build first, beside
 * the server's; in development there is none, the map is empty and pages link Vite's styles. A
 * stylesheet with a relative url() or the text `</style` is left out: it stays a link.
 */
function builtStylesheets(): Plugin {
  const id = 'virtual:fanshop/stylesheets'
  let command = 'serve'
  let assets = ''
  return {
    name: 'fanshop:built-stylesheets',
    configResolved(config) {
      command = config.command
      assets = path.join(path.dirname(config.build.outDir), 'client', 'assets')
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null
      const sheets: Record<string, string> = {}
      if (command === 'build') {
        for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.css'))) {
          const css = fs.readFileSync(path.join(assets, file), 'utf8')
          if (!/url\((?!\s*["']?(?:data:|\/))|<\/style/i.test(css)) sheets[`/assets/${file}`] = css
        }
      }
      return `export default ${JSON.stringify(sheets)}`
    },
  }
}

const ROUTER_PACKAGES = ['react-router', '@react-router/node', 'cookie', 'set-cookie-parser']

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouterProductionBuild(),
    pureCoreDeclarations(),
    builtStylesheets(),
    reactRouter(),
    precompress(),
  ],
  build: { target: 'es2022', ...(isSsrBuild ? { rollupOptions: { input: './server-build.ts' } } : {}) },
  // The router is bundled with its own dependencies (their versions nested under it in node_modules).
  ...(command === 'build' ? { ssr: { noExternal: ROUTER_PACKAGES } } : {}),
}))
