// The page part of `npm run bench` (issue 15, "Instant on a phone"): for home, /shop and one
// product page, what one server does for an anonymous visitor at 16 concurrent (pages/s, p50/p99,
// CPU per page with the shared page cache and without it, the latter the median of three rounds; an anonymous visitor moving to the
// product page without reloading, its data with the cache and without; a logged-in fan with a bag reloading the
// product page, shared with their frame filled in, against rendered, moving to it with their frame kept
// and with it loaded, and their cart and checkout pages; peak resident memory under that load and after the Lighthouse runs, whose first loads
// encode the images' sizes), and what a phone
// sees (Lighthouse 12 mobile performance, median of 3 runs, with LCP, TBT, CLS and the JS/CSS
// transferred, beside the same pages without their scripts; and TBT's rule applied to the time the
// renderer's main thread ran, from each run's trace), driving Debian's Chromium. Each
// server is a fresh one over its own seeded data.
// BENCH_QUICK=1: shorter loads and one Lighthouse run per page. Alone, `--lighthouse` runs only
// Lighthouse, and `--lighthouse --before <dir>/apps/api/dist/server.js` compares a kept copy of an
// earlier build with this one, their runs alternating (the machine's load hits both alike);
// `--before <dir>/apps/api/dist/server.js` alone compares their CPU per uncached page the same way,
// one at a time and at 16 concurrent (with `--cached`, per page sent from the page cache, at 16
// concurrent); with `--fan`, a logged-in fan's requests (the shared product page, /visitor-frame,
// the page rendered for them, their cart and checkout) at 16 concurrent.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { medianBy, root } from '../lib.mjs'
import { startShop } from './engine.mjs'
import { cpuSeconds } from './load.mjs'
import { startScriptlessCopy } from './scriptless.mjs'
import { tbtByThreadTime } from './thread-tbt.mjs'

const CONCURRENCY = 16
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
/** What a browser sends: the page cache keeps brotli and gzip copies. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }

function peakMemoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** A fresh production server over its own data folder (`server`: another build's, see startShop). */
async function freshShop(env, server) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-bench-pages-'))
  const shop = await startShop({ DATA_DIR: dataDir, ...env }, server)
  return {
    ...shop,
    async stop() {
      const exited = new Promise((resolve) => shop.child.once('exit', resolve))
      shop.child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Home, /shop and the demo catalogue's first product. */
async function benchPages(base) {
  const products = await (await fetch(`${base}/wp-json/wc/v3/products?per_page=1`)).json()
  return ['/', '/shop', `/product/${products[0].slug}`]
}

function load(shop, pathname, seconds, headers = BROWSER_HEADERS) {
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(shop.pid)
    autocannon(
      { url: shop.base + pathname, connections: CONCURRENCY, duration: seconds, headers },
      (error, result) => {
        if (error) return reject(error)
        const cpu = cpuSeconds(shop.pid) - cpuBefore
        resolve({
          pagesPerSecond: Math.round(result.requests.average),
          pages: result.requests.total,
          p50ms: result.latency.p50,
          p99ms: result.latency.p99,
          cpuMsPerPage: result.requests.total
            ? Math.round((cpu * 1000 * 1000) / result.requests.total) / 1000
            : null,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        })
      },
    )
  })
}

/** One address at 16 concurrent for `seconds`, after one request and a warm-up: its row of figures. */
async function warmedLoad(shop, pathname, seconds, headers = BROWSER_HEADERS) {
  // A first render on a busy machine can outlast a short load: it is waited for, then warmed.
  await (await fetch(shop.base + pathname, { headers })).arrayBuffer()
  await load(shop, pathname, 1, headers)
  return { page: pathname, ...(await load(shop, pathname, seconds, headers)) }
}

/** Pages/s, latency and CPU per page at 16 concurrent, each page after one render and a warm-up. */
async function serverFigures(shop, pages, seconds) {
  const rows = []
  for (const page of pages) rows.push(await warmedLoad(shop, page, seconds))
  return rows
}

/**
 * The rendered pages in `rounds` rounds of `serverFigures`, each round over every page in turn,
 * after one round of 2 s a page that is not counted: per page, the round with the median CPU per
 * page, with every round's CPU beside it. One load of a few seconds on a shared 2-core machine reads
 * a neighbour's burst as the page's cost (the same build's `/shop` read 5.4 to 9.3 ms from one load
 * to the next, 2026-12-07); the median of three does not. The first round on a fresh server also
 * pays for compiling the renderer (6.96 / 7.33 / 5.99 ms against 3.01–3.52 / 4.65–5.47 /
 * 4.73–6.53 in the two after it, the same day), which a server on drop day has long done.
 */
async function medianRounds(shop, pages, seconds, rounds) {
  await serverFigures(shop, pages, 2)
  const byRound = []
  for (let i = 0; i < rounds; i++) byRound.push(await serverFigures(shop, pages, seconds))
  return pages.map((page) => {
    const runs = byRound.map((rows) => rows.find((row) => row.page === page))
    return {
      ...medianBy(runs, (run) => run.cpuMsPerPage),
      cpuMsPerPageRounds: runs.map((run) => run.cpuMsPerPage).join(' / '),
    }
  })
}

/** The demo customer logged in with one product in their bag: their session cookie. */
async function fanSession(base) {
  const sessionOf = (response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith('session='))
      .split(';')[0]
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { origin: base },
    body: new URLSearchParams({ userEmail: 'demo@example.com', userPassword: 'demo-password' }),
    redirect: 'manual',
  })
  const products = await (await fetch(`${base}/wp-json/wc/v3/products?per_page=100`)).json()
  const added = await fetch(`${base}/cart/add`, {
    method: 'POST',
    headers: { origin: base, cookie: sessionOf(login) },
    body: new URLSearchParams({
      variant_id: String(products.find((p) => p.type === 'simple').id),
      quantity: '1',
    }),
    redirect: 'manual',
  })
  return sessionOf(added)
}

/** The product page's route, which its data names when a move keeps the frame (apps/web's site/kept-frame.ts). */
const PRODUCT_ROUTE = 'catalog/routes/product'

/** The requests of a fan with the session `session` on the product page `page`: [what, path, headers]. */
function fanRequests(page, session) {
  const fills = { ...BROWSER_HEADERS, cookie: `${session}; personal-frame=1` }
  const moves = { ...DATA_HEADERS, cookie: fills.cookie }
  return [
    ['the shared page', page, fills],
    ['then /visitor-frame', '/visitor-frame', { ...fills, accept: 'application/json' }],
    ['the page rendered for them', page, { ...BROWSER_HEADERS, cookie: session }],
    ['a move to it, frame kept', `${dataOf(page)}?_routes=${encodeURIComponent(PRODUCT_ROUTE)}`, moves],
    ['a move to it, frame loaded', dataOf(page), moves],
    // The pages of their drop that are always theirs (capacity model, README).
    ['their cart page', '/cart', { ...BROWSER_HEADERS, cookie: session }],
    ['their checkout page', '/checkout', { ...BROWSER_HEADERS, cookie: session }],
  ]
}

/**
 * A fan with a login and a bag reloading the product page, 16 at a time: the shared copy their
 * browser is sent once it runs the scripts, then the request for their frame's own parts it makes
 * once hydrated; and, for comparison, the page rendered for them (a browser without scripts). Their
 * move to it from another page: its own data, shared, as the router asks for it while their frame
 * is kept, and the page's data with their frame, rendered, as after a change. Then their cart and
 * checkout pages, personal and always rendered.
 */
async function fanReloadFigures(shop, page, seconds) {
  const rows = []
  for (const [what, pathname, headers] of fanRequests(page, await fanSession(shop.base))) {
    await load(shop, pathname, 1, headers)
    rows.push({ what, page: pathname, ...(await load(shop, pathname, seconds, headers)) })
  }
  return rows
}

/** What the router's scripts send for a page's data: their fetch accepts anything. */
const DATA_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' }

/** The address of a page's data, as the router asks for it on a move without reloading. */
const dataOf = (page) => (page === '/' ? '/_root.data' : `${page}.data`)

/** An anonymous visitor moving to `page` without reloading (a link followed once the scripts run). */
const navigationFigures = (shop, page, seconds) => warmedLoad(shop, dataOf(page), seconds, DATA_HEADERS)

/** Server CPU per page rendered one at a time (no queueing): `count` pages in a row. */
async function cpuPerRender(shop, pages, count) {
  const rows = []
  for (const page of pages) {
    const before = cpuSeconds(shop.pid)
    for (let i = 0; i < count; i++) {
      await (await fetch(shop.base + page, { headers: BROWSER_HEADERS })).arrayBuffer()
    }
    rows.push({
      page,
      cpuMsPerPage: Math.round(((cpuSeconds(shop.pid) - before) * 1000 * 100) / count) / 100,
    })
  }
  return rows
}

/** One Lighthouse mobile run (default simulated throttling), performance only, its trace kept. */
function lighthouseRun(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-lighthouse-'))
  const report = path.join(dir, 'run.json')
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--output=json',
        `--output-path=${report}`,
        '--save-assets',
        '--quiet',
        '--only-categories=performance',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    child.on('error', reject)
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${url}`)
        const result = JSON.parse(fs.readFileSync(report, 'utf8'))
        const trace = JSON.parse(fs.readFileSync(path.join(dir, 'run-0.trace.json'), 'utf8'))
        const audit = (id) => result.audits[id]?.numericValue ?? null
        const transferred = (type) =>
          result.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === type)
            ?.transferSize ?? 0
        resolve({
          score: Math.round((result.categories.performance.score ?? 0) * 100),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          threadTbtMs: tbtByThreadTime(trace),
          cls: Number(audit('cumulative-layout-shift')?.toFixed(3)),
          jsKiB: Number((transferred('script') / 1024).toFixed(1)),
          cssKiB: Number((transferred('stylesheet') / 1024).toFixed(1)),
          benchmarkIndex: Math.round(result.environment?.benchmarkIndex ?? 0),
        })
      } catch (error) {
        reject(error)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): tried again. */
async function lighthouseWithRetries(url, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseRun(url)
    } catch (error) {
      if (i >= attempts) throw error
      console.log(`  ${error.message}; trying again`)
    }
  }
}

/**
 * The run with the median performance score, with every run's TBT beside it: on two cores the
 * simulated TBT is the observed main-thread tasks times four, and Chrome's own processes share the
 * cores with the page, so its spread says how much of a figure is the machine.
 */
function medianRun(results) {
  return {
    ...medianBy(results, (run) => run.score),
    tbtRunsMs: results.map((r) => r.tbtMs).join(' / '),
    threadTbtRunsMs: results.map((r) => r.threadTbtMs).join(' / '),
  }
}

/** The browser Lighthouse drove, as it names itself (figures differ from one Chromium to the next). */
function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return 'unknown'
  }
}

/**
 * Each page's runs, and as many of the same page without its scripts (scriptless.mjs), the two
 * alternating so that the machine's drift hits both alike: the copy's figures are what the
 * machine and Chrome cost before any of the page's code, the baseline the page's are read against.
 */
async function lighthouseFigures(base, pages, runs) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` }
  const copy = await startScriptlessCopy(base, pages)
  const rows = []
  const withoutScripts = []
  try {
    for (const page of pages) {
      const results = []
      const bare = []
      for (let i = 0; i < runs; i++) {
        results.push(await lighthouseWithRetries(base + page))
        bare.push(await lighthouseWithRetries(copy.base + page))
      }
      rows.push({ page, runs, ...medianRun(results) })
      const { score, lcpMs, tbtMs, cls, tbtRunsMs, threadTbtRunsMs } = medianRun(bare)
      withoutScripts.push({ page, runs, score, lcpMs, tbtMs, cls, tbtRunsMs, threadTbtRunsMs })
    }
  } finally {
    await copy.stop()
  }
  return { chromium: chromiumVersion(), rows, withoutScripts }
}

/** The server's CPU for one request of `page`, in seconds. */
async function cpuOfOne(shop, page) {
  const before = cpuSeconds(shop.pid)
  await (await fetch(shop.base + page, { headers: BROWSER_HEADERS })).arrayBuffer()
  return cpuSeconds(shop.pid) - before
}

/**
 * `work` given a fresh shop of each build (`builds`: name → a kept server.js, or undefined for
 * this one), stopped after it.
 */
async function withShops(env, builds, work) {
  const shops = {}
  try {
    for (const [name, server] of Object.entries(builds)) shops[name] = await freshShop(env, server)
    return await work(shops)
  } finally {
    for (const shop of Object.values(shops)) await shop.stop()
  }
}

/** Lighthouse alone, on this build and, given `before` (a kept server.js), on that one in turn. */
function lighthouseComparison(runs, before) {
  const builds = before ? { before, after: undefined } : { build: undefined }
  return withShops({}, builds, async (shops) => {
    const pages = await benchPages(Object.values(shops)[0].base)
    const rows = []
    for (const page of pages) {
      const results = Object.fromEntries(Object.keys(shops).map((name) => [name, []]))
      for (const shop of Object.values(shops)) await (await fetch(shop.base + page)).arrayBuffer()
      for (let i = 0; i < runs; i++)
        for (const [name, shop] of Object.entries(shops))
          results[name].push(await lighthouseWithRetries(shop.base + page))
      for (const name of Object.keys(shops))
        rows.push({ build: name, page, runs, ...medianRun(results[name]) })
    }
    return rows
  })
}

/**
 * Each build's request (`requestOf(name)`: [path, headers]) at 16 concurrent after a warm-up, in
 * `rounds` loads of `seconds` that alternate which build goes first: their CPU per request (ms) and
 * requests/s.
 */
async function alternatingLoads(shops, requestOf, rounds, seconds) {
  const loaded = { before: { cpu: 0, pages: 0 }, after: { cpu: 0, pages: 0 } }
  const loadOf = (name, secondsOfLoad) => {
    const [pathname, headers] = requestOf(name)
    return load(shops[name], pathname, secondsOfLoad, headers)
  }
  for (const name of ['before', 'after']) await loadOf(name, 1)
  for (let i = 0; i < rounds; i++)
    for (const name of i % 2 ? ['after', 'before'] : ['before', 'after']) {
      const result = await loadOf(name, seconds)
      loaded[name].cpu += result.cpuMsPerPage * result.pages
      loaded[name].pages += result.pages
    }
  const ms = (x) => Math.round(x * 1000) / 1000
  return {
    c16BeforeMs: ms(loaded.before.cpu / loaded.before.pages),
    c16AfterMs: ms(loaded.after.cpu / loaded.after.pages),
    beforePagesPerSecond: Math.round(loaded.before.pages / (rounds * seconds)),
    afterPagesPerSecond: Math.round(loaded.after.pages / (rounds * seconds)),
  }
}

/**
 * A fan's requests (`fanRequests`) on a kept earlier build (`before`) and on this one, side by side:
 * each build's fan logged in with one product in the bag, their loads at 16 concurrent alternating.
 */
function fanComparison(quick, before) {
  return withShops({}, { before, after: undefined }, async (shops) => {
    const page = (await benchPages(shops.after.base))[2]
    const requests = {}
    for (const [name, shop] of Object.entries(shops))
      requests[name] = fanRequests(page, await fanSession(shop.base))
    const rows = []
    for (const [index, [what]] of requests.after.entries()) {
      const requestOf = (name) => requests[name][index].slice(1)
      rows.push({ what, ...(await alternatingLoads(shops, requestOf, quick ? 2 : 4, quick ? 2 : 4)) })
    }
    return rows
  })
}

/**
 * CPU per uncached page of a kept earlier build (`before`) and of this one, side by side: at 16
 * concurrent, their loads alternating, then one at a time, their requests alternating. `cached`:
 * the same for pages sent from the page cache, at 16 concurrent only (one page costs too little to
 * read from /proc alone).
 */
function cpuComparison(quick, before, cached = false) {
  const count = cached ? 0 : quick ? 20 : 100
  return withShops(cached ? {} : { PAGE_CACHE_SECONDS: '0' }, { before, after: undefined }, async (shops) => {
    const rows = []
    for (const page of await benchPages(shops.after.base)) {
      // The loads warm both builds up before the requests one at a time.
      const loads = await alternatingLoads(shops, () => [page, BROWSER_HEADERS], quick ? 2 : 4, quick ? 2 : 4)
      const one = { before: 0, after: 0 }
      for (let i = 0; i < count; i++)
        for (const name of i % 2 ? ['after', 'before'] : ['before', 'after'])
          one[name] += await cpuOfOne(shops[name], page)
      const ms = (x) => Math.round(x * 1000) / 1000
      rows.push({
        page,
        ...(count > 0 && {
          oneBeforeMs: ms((one.before * 1000) / count),
          oneAfterMs: ms((one.after * 1000) / count),
        }),
        ...loads,
      })
    }
    return rows
  })
}

export async function pageBench({ quick }) {
  const seconds = quick ? 2 : 8
  const uncachedRounds = quick ? 1 : 3
  const cached = await freshShop({})
  let pages, withCache, navigation, fanReload, lighthouse, cachedPeakMiB, afterLighthousePeakMiB
  try {
    pages = await benchPages(cached.base)
    withCache = await serverFigures(cached, pages, seconds)
    navigation = [{ cache: 'on', ...(await navigationFigures(cached, pages[2], seconds)) }]
    fanReload = await fanReloadFigures(cached, pages[2], seconds)
    cachedPeakMiB = peakMemoryMiB(cached.pid)
    lighthouse = await lighthouseFigures(cached.base, pages, quick ? 1 : 3)
    afterLighthousePeakMiB = peakMemoryMiB(cached.pid)
  } finally {
    await cached.stop()
  }

  const uncached = await freshShop({ PAGE_CACHE_SECONDS: '0' })
  let withoutCache, uncachedPeakMiB
  try {
    withoutCache = await medianRounds(uncached, pages, seconds, uncachedRounds)
    navigation.push({ cache: 'off', ...(await navigationFigures(uncached, pages[2], seconds)) })
    const one = await cpuPerRender(uncached, pages, quick ? 10 : 40)
    for (const row of withoutCache)
      row.cpuMsPerPageOneAtATime = one.find((o) => o.page === row.page).cpuMsPerPage
    uncachedPeakMiB = peakMemoryMiB(uncached.pid)
  } finally {
    await uncached.stop()
  }

  return {
    concurrency: CONCURRENCY,
    seconds,
    cached: withCache,
    navigation,
    fanReload,
    uncached: withoutCache,
    uncachedRounds,
    peakResidentMiB: {
      cached: cachedPeakMiB,
      uncached: uncachedPeakMiB,
      afterLighthouse: afterLighthousePeakMiB,
    },
    lighthouse,
  }
}

export function printPageBench(result) {
  console.log(
    `\nPages, anonymous visitor, ${result.concurrency} concurrent, one server, shared page cache on:`,
  )
  console.table(result.cached)
  console.log(
    'An anonymous visitor moving to the product page without reloading: its data (.data), 16 concurrent,' +
      ' with the page cache on and off:',
  )
  console.table(result.navigation)
  const [shared, frame, own] = result.fanReload
  console.log(
    'A fan with a login and a bag reloading the product page, 16 concurrent, page cache on: the shared page and' +
      ` their frame's request (${Math.round((shared.cpuMsPerPage + frame.cpuMsPerPage) * 100) / 100} ms of CPU a reload),` +
      ' against the page rendered for them; a move to it, their frame kept (shared) and loaded (rendered);' +
      ' then their cart and checkout pages, always rendered:',
  )
  console.table(result.fanReload)
  console.log(
    `  (the render costs ${Math.round((own.cpuMsPerPage / (shared.cpuMsPerPage + frame.cpuMsPerPage)) * 10) / 10}x as much)`,
  )
  console.log(
    'The same pages with the page cache off (PAGE_CACHE_SECONDS=0): every page rendered; at 16 concurrent, the round' +
      ` with the median CPU per page of ${result.uncachedRounds} over the pages in turn (after one that warms the server),` +
      ' every round beside it;' +
      ' then one at a time:',
  )
  console.table(result.uncached)
  const peak = result.peakResidentMiB
  console.log(
    `peak resident memory (MiB) under the page load: ${peak.cached} with the page cache, ${peak.uncached} without;` +
      ` ${peak.afterLighthouse} after the Lighthouse runs too (their first loads encode each image size once)`,
  )
  if (result.lighthouse.skipped) console.log(`Lighthouse skipped: ${result.lighthouse.skipped}`)
  else {
    console.log(
      `Lighthouse 12, mobile (simulated throttling), median run by performance score, on ${result.lighthouse.chromium}` +
        " (benchmarkIndex: Lighthouse's measure of the machine's speed, higher is quicker; threadTbtMs: TBT's rule" +
        " applied to the time the renderer's main thread ran in each task, without the time it waited on the machine):",
    )
    console.table(result.lighthouse.rows)
    console.log(
      'The same pages without their scripts (the HTML as served, every script taken out; runs alternating with the above):' +
        ' what the machine and Chrome cost before any of the page code',
    )
    console.table(result.lighthouse.withoutScripts)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.env.BENCH_QUICK === '1'
  const args = process.argv.slice(2)
  const before = args.includes('--before') ? path.resolve(args[args.indexOf('--before') + 1]) : undefined
  if (args.includes('--lighthouse')) console.table(await lighthouseComparison(quick ? 1 : 3, before))
  else if (before && args.includes('--fan')) {
    console.log(
      "A fan's requests, CPU per request (ms) at 16 concurrent, a kept build and this one alternating:",
    )
    console.table(await fanComparison(quick, before))
  } else if (before) {
    const cached = args.includes('--cached')
    console.log(`CPU per ${cached ? 'cached' : 'uncached'} page (ms), a kept build and this one alternating:`)
    console.table(await cpuComparison(quick, before, cached))
    console.log(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    )
  } else printPageBench(await pageBench({ quick }))
}
