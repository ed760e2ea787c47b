// `npm run bench`: speed and memory figures to compare run to run (never asserted in tests).
// Builds, starts the production server on a free loopback port over a fresh seeded data
// folder, then runs bounded autocannon scenarios: catalogue API, server-rendered pages, a
// drop-day rush on one product's stock; and reports the server's memory and page weight.
// Each scenario runs BENCH_SECONDS (default 8) with BENCH_CONNECTIONS (default 50) connections.
// Results are printed and written to .bench/<date>.json.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { buildAll, freePort, root } from './lib.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

if (!process.argv.includes('--no-build')) await buildAll()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-bench-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', stop)

function memory() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
  const read = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rssMiB: Math.round(read('VmRSS')), peakRssMiB: Math.round(read('VmHWM')) }
}

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break
  } catch {}
  if (i > 600) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 100))
}

async function json(pathname, init) {
  const response = await fetch(base + pathname, init)
  return response.ok ? response.json() : null
}

function load(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error)
      resolve({
        scenario: title,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      })
    })
  })
}

const products = (await json('/wp-json/wc/v3/products?per_page=24')) ?? []
const firstSlug = products[0]?.slug
const scenarios = [
  ['API: product list (24)', { requests: [{ path: '/wp-json/wc/v3/products?per_page=24' }] }],
  ['API: categories', { requests: [{ path: '/wp-json/wc/v3/products/categories?exclude=15' }] }],
  ['page: /shop (SSR)', { requests: [{ path: '/shop' }] }],
  ...(firstSlug
    ? [[`page: /product/${firstSlug} (SSR)`, { requests: [{ path: `/product/${firstSlug}` }] }]]
    : []),
  ['page: / (SSR)', { requests: [{ path: '/' }] }],
]

const results = []
for (const [title, options] of scenarios) {
  process.stdout.write(`running ${title}…\n`)
  results.push({ ...(await load(title, options)), ...memory() })
}

// Drop-day rush: every connection creates a cart and tries to hold one unit of the same product.
async function dropRush() {
  const target = products.find((p) => p.type === 'simple' && p.stock_quantity > 0)
  if (!target) return null
  const rushers = Math.max(connections, 100)
  const started = performance.now()
  const outcomes = await Promise.all(
    Array.from({ length: rushers }, async () => {
      const order = await json('/api/v1/orders.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      if (!order?.number) return 'no-cart'
      const response = await fetch(
        `${base}/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ line_item: { variant_id: target.id, quantity: 1 } }),
        },
      )
      return response.status
    }),
  )
  const ms = performance.now() - started
  const held = outcomes.filter((s) => s === 200 || s === 201).length
  return {
    scenario: `drop rush: ${rushers} shoppers, ${target.stock_quantity} units`,
    requestsPerSecond: Math.round((rushers * 2) / (ms / 1000)),
    latencyP50ms: null,
    latencyP99ms: Math.round(ms),
    non2xx: outcomes.filter((s) => s === 422).length,
    errors: outcomes.filter((s) => s !== 422 && s !== 200 && s !== 201).length,
    held,
    oversold: held > target.stock_quantity,
    ...memory(),
  }
}
const rush = await dropRush()
if (rush) results.push(rush)

// Page weight: the JavaScript and CSS a phone downloads for /shop (gzip).
const html = await (await fetch(`${base}/shop`)).text()
const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
let gzipBytes = 0
for (const asset of new Set(assets))
  gzipBytes += gzipSync(Buffer.from(await (await fetch(base + asset)).arrayBuffer())).length

console.log('')
console.table(results)
console.log(
  `/shop initial JS+CSS: ${new Set(assets).size} files, ${(gzipBytes / 1024).toFixed(1)} KiB gzip; HTML ${(gzipSync(html).length / 1024).toFixed(1)} KiB gzip`,
)
console.log(`server memory after the run: ${JSON.stringify(memory())}`)
fs.mkdirSync(path.join(root, '.bench'), { recursive: true })
const file = path.join(root, '.bench', `${new Date().toISOString().replaceAll(':', '-')}.json`)
fs.writeFileSync(
  file,
  JSON.stringify(
    { seconds, connections, results, shopAssetsGzipBytes: gzipBytes, memory: memory() },
    null,
    2,
  ),
)
console.log(`written to ${path.relative(root, file)}`)
process.exit(0)
