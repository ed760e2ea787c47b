import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

/** How React Router's plugin writes the browser's route manifest: one object literal. */
const ROUTE_MANIFEST = /^window\.__reactRouterManifest=(\{[\s\S]*\});?\s*$/

/**
 * The browser's route manifest (`assets/manifest-<hash>.js`: every route, since route discovery is
 * 'initial', 43 KB) rewritten from React Router's object literal to the same data as a string
 * given to JSON.parse, which V8 reads without parsing it as code: 16 → 6 ms at 4x CPU throttling
 * (docs/performance-log.md), on the first load's task that runs the page's modules. The file keeps
 * its name, which React Router derives from the manifest's content. A build whose manifest is not
 * in the form expected fails here rather than shipping it unread.
 */
function routeManifestAsJson(client: string) {
  const assets = path.join(client, 'assets')
  const manifests = fs.readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name))
  let rewritten = 0
  for (const name of manifests) {
    const file = path.join(assets, name)
    const literal = ROUTE_MANIFEST.exec(fs.readFileSync(file, 'utf8'))?.[1]
    if (literal === undefined) continue
    JSON.parse(literal) // throws, failing the build, if React Router ever writes more than data
    fs.writeFileSync(file, `window.__reactRouterManifest=JSON.parse(${JSON.stringify(literal)});`)
    rewritten++
  }
  if (rewritten !== 1)
    throw new Error(`expected React Router's route manifest in ${assets}, found ${rewritten}`)
}

/**
 * The browser build's text assets also written as .br and .gz beside themselves, compressed once
 * at the highest levels, so the server answers by content negotiation without compressing per request.
 * Done when the server build closes, the last step: React Router writes the browser's route
 * manifest (`manifest-<hash>.js`, first given to JSON.parse above) and moves the server build's
 * assets into the browser's only during the server build.
 */
function precompress(): Plugin {
  let client = ''
  return {
    name: 'fanshop:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      client = path.join(path.dirname(config.build.outDir), 'client')
    },
    closeBundle() {
      routeManifestAsJson(client)
      for (const fileName of fs.readdirSync(client, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(?:js|css|svg|json)$/.test(fileName) || fileName.startsWith('.vite')) continue
        const file = path.join(client, fileName)
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

/** The first load's shared chunk, and the browser entry, which keeps a chunk of its own (below). */
const SHELL_CHUNK = 'shell'
const isBrowserEntry = (id: string) => /entry\.client\.[jt]sx?$/.test(id)

/**
 * Every page's first load runs the browser entry and the root route, and what they import
 * statically: React, React DOM, the router, the site frame and its small helpers. Left to the
 * bundler they came in 17 files of 37 B to 215 KB (one per set of routes sharing them); on a
 * phone's HTTP/1.1 (6 connections, one request at a time on each) each costs a round trip, and
 * Lighthouse's simulated LCP waits for the last of them (docs/performance-log.md, issue 15). Those
 * modules go in one chunk: each is on every page already, so no page downloads more. Three things
 * stay out. The entry and what only it imports (React DOM's client renderer, its scheduler, the
 * router's `HydratedRouter`) keep the entry's own chunk: React Router's page script imports the
 * route modules statically and the entry with `import()` once they have run, so the browser
 * evaluates them in two tasks where, in one chunk, they were one long task that held a phone's
 * main thread (docs/performance-log.md, "The renderer in a task of its own"). The root route and
 * its stylesheet keep their own chunk: lazy chunks import the shared one, and React Router would
 * mark its stylesheet as lazy (`href="….css#"`), which every lazy chunk would then fetch and apply
 * again beside the inline copy. And only the app's own modules and these packages are named, with
 * `onlyExplicitManualChunks` (the build runs the Rollup of the Vite that @react-router/dev loads):
 * the rules of packages/core import zod and the phone and postcode libraries for schemas that only
 * lazy chunks use, and the bundler would otherwise pull them into the chunk beside the rule that
 * imports them.
 */
function firstLoadShell() {
  const rootRoute = (id: string) => /[\\/]app[\\/]root\.tsx(?:\?|$)/.test(id)
  const isRoot = (id: string) => rootRoute(id) || isBrowserEntry(id)
  /** What only the entry imports: React DOM's client renderer, its scheduler, the router's `HydratedRouter`. */
  const renderer = (id: string) =>
    /[\\/]node_modules[\\/](?:react-dom[\\/](?:client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/]|react-router[\\/]dist[\\/]production[\\/]dom-export\.)/.test(
      id,
    )
  const candidate = (id: string) =>
    isRoot(id) ||
    /[\\/]apps[\\/]web[\\/]app[\\/]|[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler|zustand)[\\/]|^\0?(?:commonjsHelpers|vite\/preload-helper)/.test(
      id,
    )
  const inShell = new Map<string, boolean>()
  /** Whether a chain of static imports through candidates leads from the entry or the root to `id`. */
  const reached = (id: string, graph: ModuleGraph) => {
    const seen = new Set([id])
    const queue = candidate(id) ? [id] : []
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (isRoot(next)) return true
      for (const importer of graph.getModuleInfo(next)?.importers ?? [])
        if (!seen.has(importer) && candidate(importer)) {
          seen.add(importer)
          queue.push(importer)
        }
    }
    return false
  }
  return (id: string, graph: ModuleGraph) => {
    if (!inShell.has(id))
      inShell.set(id, !isRoot(id) && !renderer(id) && !id.endsWith('.css') && reached(id, graph))
    return inShell.get(id) ? SHELL_CHUNK : null
  }
}

/**
 * The two chunks every first load runs nearly all of (the shared chunk and the entry with React
 * DOM's client renderer) carry V8's explicit compile hint on their first line: Chrome then
 * compiles every function in them on a background thread while they download, instead of on the
 * main thread when each is first called during hydration. At 4x CPU throttling the main thread's
 * script time until a page is hydrated fell 16–30% on home, `/shop` and a product page
 * (docs/performance-log.md, "Compile hints for the first load"). Browsers without the hint read a
 * comment. It must be the file's first line, so it is added once the chunks are final (Vite puts
 * its preload map at their top last); being the same text every time, the files' hashed names
 * still change with every change of their code.
 */
function compileHints(): Plugin {
  return {
    name: 'fanshop:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue
          if (chunk.name === SHELL_CHUNK || isBrowserEntry(chunk.facadeModuleId ?? ''))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
        }
      },
    },
  }
}

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null }

/**
 * React DOM's server renderer keeps each render's request in an AsyncLocalStorage, for resource
 * hints (preload() and the like) made outside the render. On Node 20 the first render then turns
 * V8's promise hooks on for the whole process for good, and every promise of every request after
 * it pays for them: an add to cart 8% more CPU once a page had been rendered, the landing 8% more
 * per render (measured with and without, 2026-11-30). The shop makes every hint inside the render,
 * where React knows its request without the store (it sets it around its work), so the server
 * build bundles React DOM and gives its renderer a store that keeps nothing. React DOM's edge
 * build, which keeps none either, was measured too: its text encoding made renders 9–20% dearer.
 */
function requestStorageWithoutPromiseHooks(): Plugin {
  const id = '\0fanshop:react-dom-request-storage'
  return {
    name: 'fanshop:react-dom-request-storage',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    enforce: 'pre',
    resolveId(source, importer) {
      const asyncHooks = source === 'async_hooks' || source === 'node:async_hooks'
      return asyncHooks && importer?.includes(`${path.sep}react-dom${path.sep}`) ? id : null
    },
    load(loaded) {
      if (loaded !== id) return null
      return `export class AsyncLocalStorage {
  run(_store, callback, ...args) { return callback(...args) }
  getStore() { return undefined }
}
export default { AsyncLocalStorage }`
    },
  }
}

const ROUTER_PACKAGES = ['react-router', '@react-router/node', 'cookie', 'set-cookie-parser']

/** Bundled into the server build besides the router: React DOM, for the store above. */
const SERVER_BUNDLED = [...ROUTER_PACKAGES, 'react-dom']

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouterProductionBuild(),
    requestStorageWithoutPromiseHooks(),
    pureCoreDeclarations(),
    builtStylesheets(),
    reactRouter(),
    compileHints(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // The browser's scripts go through Terser, two passes: 2.9 KiB less gzip on every first load than
    // the bundler's own minifier (the router's chunk 53.0 → 50.4 KiB), for about 15 s more of build.
    ...(isSsrBuild ? {} : { minify: 'terser' as const, terserOptions: { compress: { passes: 2 } } }),
    rollupOptions: isSsrBuild
      ? { input: './server-build.ts' }
      : { output: { manualChunks: firstLoadShell(), onlyExplicitManualChunks: true } },
  },
  // The router is bundled with its own dependencies (their versions nested under it in node_modules).
  ...(command === 'build' ? { ssr: { noExternal: SERVER_BUNDLED } } : {}),
}))
