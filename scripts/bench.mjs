// `npm run bench`: speed and memory figures to compare run to run (never asserted in tests).
// Builds, starts the production server on a free loopback port over a fresh seeded data folder,
// then: the drop-day engine (scripts/bench/engine.mjs: add-to-cart against a raw baseline at
// c = 1, 16, 64, CPU per add as live holds pile up, a drop of 500 shoppers on 100 units), bounded
// autocannon scenarios (catalogue API, server-rendered pages) with the server's CPU per request,
// page weight and memory, the PostgreSQL part (two instances: a drop and the hot row), and last
// a drop of 5,000 fans through the waiting room onto 500 units (scripts/bench/queue-drop.mjs).
// BENCH_QUICK=1 makes every part short. Results are printed and written to .bench/<date>.json.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { holdsCostLine, postgresEngineBench, sqliteEngineBench, startShop } from './bench/engine.mjs'
import { cpuSeconds } from './bench/load.mjs'
import { pageBench, printPageBench } from './bench/pages.mjs'
import { queueDropBench } from './bench/queue-drop.mjs'
import { buildAll, root } from './lib.mjs'
import { firstLoadWeights } from './page-weight.mjs'

const quick = process.env.BENCH_QUICK === '1'
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5))
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

if (!process.argv.includes('--no-build')) await buildAll()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-bench-'))
const server = await startShop({ DATA_DIR: dataDir })
const base = server.base
process.on('exit', () => {
  server.child.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function memory() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
  const read = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rssMiB: Math.round(read('VmRSS')), peakRssMiB: Math.round(read('VmHWM')) }
}

console.log('drop-day engine on SQLite (raw baseline vs the shop)…')
const engine = await sqliteEngineBench({ shop: server, dataDir, quick })

function load(title, options) {
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(server.pid)
    autocannon({ url: base, connections, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error)
      const cpu = cpuSeconds(server.pid) - cpuBefore
      resolve({
        scenario: title,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        cpuMsPerRequest: Math.round((cpu * 1000 * 1000) / Math.max(1, result.requests.total)) / 1000,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      })
    })
  })
}

const products = await (await fetch(`${base}/wp-json/wc/v3/products?per_page=24`)).json()
let asked = 0
const newAddress = (request) => ({ ...request, path: `/wp-json/wc/v3/products?per_page=24&asked=${asked++}` })
const firstSlug = products[0]?.slug
const scenarios = [
  ['API: product list (24)', { requests: [{ path: '/wp-json/wc/v3/products?per_page=24' }] }],
  // Each request a new address, asked once: read every time, never kept (ADR 0009, the second ask).
  ['API: product list (24), new address each', { requests: [{ setupRequest: newAddress }] }],
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

// Page weight: what a phone downloads on a first load of home, /shop and a product page.
const pageWeights = await firstLoadWeights(base)
const serverMemory = memory()
server.child.kill('SIGTERM')

console.log('pages: one server with and without the page cache, then Lighthouse mobile…')
const pages = await pageBench({ quick })

console.log('drop-day engine on PostgreSQL (two instances)…')
const postgres = await postgresEngineBench({ quick })

console.log('\nAdd to cart, one new shopper per iteration (create a cart, add 1 unit); SQLite, one server:')
console.table(engine.comparison)
console.log('Ratios, shop / raw (targets: it/s >= 70% at c=16 and c=64, CPU <= 3x, p99 <= 15 ms at c=16):')
console.table(engine.ratios)
console.log('The shop as live holds pile up on the product (target: CPU at 100,000 within 20% of 0):')
console.table(engine.holdLevels)
console.log(holdsCostLine(engine.holdsCost))
console.log(`Drop on SQLite, 500 shoppers on 100 units: ${JSON.stringify(engine.drop)}`)
if (postgres.skipped) console.log(`PostgreSQL part skipped: ${postgres.skipped}`)
else {
  console.log(
    `Drop on PostgreSQL, two instances, 500 shoppers on 100 units: ${JSON.stringify(postgres.drop)}`,
  )
  console.table(postgres.hotRow)
}
console.log('\nCatalogue and pages (SQLite):')
console.table(results)
console.table(pageWeights)
console.log(`server memory after the run: ${JSON.stringify(serverMemory)}`)
printPageBench(pages)
console.log('\nDrop through the waiting room (SQLite, scripts/bench/queue-drop.mjs)…')
const queueDrop = await queueDropBench({ quick })
console.table([queueDrop])
fs.mkdirSync(path.join(root, '.bench'), { recursive: true })
const file = path.join(root, '.bench', `${new Date().toISOString().replaceAll(':', '-')}.json`)
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      machine: `${os.cpus().length} cores`,
      quick,
      seconds,
      connections,
      engine,
      postgres,
      results,
      pageWeights,
      memory: serverMemory,
      pages,
      queueDrop,
    },
    null,
    2,
  ),
)
console.log(`written to ${path.relative(root, file)}`)
process.exit(0)
