/**
 * The production server runs React Router's production build: the storefront's server build
 * bundles the router's production copy and brings its own request handler, so no module of the
 * router's development build (the package's default for Node) is ever loaded. Checked on the
 * built server with a module-resolution hook that records every module the process loads.
 * And its renders start no AsyncLocalStorage: on Node 20 the first one turns V8's promise hooks on
 * for the whole process for good (every later promise pays, an add to cart 8% more CPU), which
 * React DOM's server renderer did for each render (apps/web/vite.config.ts gives it a store that
 * keeps nothing). Checked with AsyncLocalStorage's run and enterWith counted in the same process.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'

describe('the production server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-prod-build-'))
  const loaded = path.join(dir, 'loaded.txt')
  const stores = path.join(dir, 'stores.txt')
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    fs.writeFileSync(
      path.join(dir, 'hooks.mjs'),
      `import fs from 'node:fs'
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  fs.appendFileSync(${JSON.stringify(loaded)}, result.url + '\\n')
  return result
}
`,
    )
    fs.writeFileSync(
      path.join(dir, 'register.mjs'),
      `import fs from 'node:fs'
import { AsyncLocalStorage } from 'node:async_hooks'
import { register } from 'node:module'
register(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)})
for (const method of ['run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method]
  AsyncLocalStorage.prototype[method] = function (...args) {
    fs.appendFileSync(${JSON.stringify(stores)}, method + '\\n')
    return original.apply(this, args)
  }
}
`,
    )
    server = startServer({
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(dir, 'register.mjs')).href}`,
    })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("renders pages without loading React Router's development build", async () => {
    for (const pathname of ['/', '/shop']) {
      const response = await fetch(`${base}${pathname}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
    }
    const modules = fs.readFileSync(loaded, 'utf8').split('\n')
    expect(modules.some((url) => url.endsWith('/apps/web/build/server/index.js'))).toBe(true)
    expect(modules.filter((url) => /\/react-router\/dist\/development\//.test(url))).toEqual([])
  })

  it('renders pages and adds to a cart without starting an AsyncLocalStorage', async () => {
    for (const pathname of ['/', '/shop', '/product/extra-time-tour-tee']) {
      const response = await fetch(`${base}${pathname}`, { headers: { cookie: 'rendered=for-me' } })
      expect(response.status).toBe(200)
      await response.text()
    }
    const cart = await fetch(`${base}/api/v1/orders.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(cart.status).toBe(201)
    expect(fs.existsSync(stores) ? fs.readFileSync(stores, 'utf8').split('\n').filter(Boolean) : []).toEqual(
      [],
    )
  })
})
