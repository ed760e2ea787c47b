// The drop through the waiting room: 5,000 fans (1,000 with BENCH_QUICK=1) solve the
// proof-of-work challenge and join the pre-queue of a shop whose launch is minutes away (fans still
// joining at the launch queue behind), come back when Retry-After says, are let in at the
// admission rate and each try to put the one unit they may have (a limited product with 500 units)
// in a cart with their pass. Prints the time to sell out, admissions per minute, p99 of the waiting
// room's status call and of add-to-cart, the units taken, and when a status call's connection
// ended without an answer (it is asked again). Run alone with `node scripts/bench/queue-drop.mjs`
// after a build.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { solveChallenge } from 'altcha-lib'
import SQLite from 'better-sqlite3'
import { startShop } from './engine.mjs'
import { request } from './load.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] * 10) / 10
}

/** Runs `work` over `count` items with at most `limit` at once. */
async function bounded(count, limit, work) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

export async function queueDropBench({ quick }) {
  const fans = quick ? 1000 : 5000
  const units = quick ? 100 : 500
  const ratePerMinute = 6000
  const leadMs = quick ? 45_000 : 150_000
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-queue-bench-'))
  const launchAt = Math.ceil((Date.now() + leadMs) / 1000) * 1000
  const shop = await startShop({
    DATA_DIR: dataDir,
    LAUNCH_AT: new Date(launchAt).toISOString(),
    QUEUE_RATE_PER_MINUTE: String(ratePerMinute),
    QUEUE_PASS_MINUTES: '5',
    QUEUE_POW_MAX_NUMBER: '1000',
  })
  try {
    const products = await (await fetch(`${shop.base}/wp-json/wc/v3/products?per_page=100`)).json()
    const productId = products.find((p) => p.type === 'simple').id
    const db = new SQLite(path.join(dataDir, 'shop.sqlite'))
    db.pragma('busy_timeout = 5000')
    db.prepare('delete from holds where variant_id = ?').run(productId)
    db.prepare(
      'update products set stock_on_hand = ?, stock_sold = 0, stock_held = 0, limited = 1 where id = ?',
    ).run(units, productId)

    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
    const statusMs = []
    /** When, in seconds from the launch, a status call's connection ended without an answer. */
    const statusResets = []
    const addMs = []
    const taken = []
    let soldOut = false
    const tickets = []
    // Fans still joining when the drop opens queue behind the pre-queue, as late arrivals do.
    let joinedBeforeLaunch = 0
    /** A call that failed says which it was and when, for the next reset to be understood. */
    const named = (what, answer) =>
      answer.catch((error) => {
        const at = ((Date.now() - launchAt) / 1000).toFixed(1)
        throw new Error(`${what}, ${at} s from the launch: ${error.message}`, { cause: error })
      })

    // Joining: the browser's work (the challenge) is done here, a bounded number at a time.
    await bounded(fans, 32, async () => {
      const { body: challenge } = await named(
        'the challenge',
        request(agent, shop.base, 'GET', '/wp-json/wp/v2/launch/queue/challenge'),
      )
      const solution = await solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber,
      ).promise
      const altcha = Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64')
      const joined = await named(
        'joining',
        request(agent, shop.base, 'POST', '/wp-json/wp/v2/launch/queue', { altcha }),
      )
      if (joined.status !== 201) throw new Error(`joining answered ${joined.status}`)
      tickets.push(joined.body.data.ticket)
      if (Date.now() < launchAt) joinedBeforeLaunch++
    })
    // Waiting: every fan asks when Retry-After says, until let in or sold out.
    await Promise.all(
      tickets.map(async (ticket) => {
        for (;;) {
          if (soldOut) return
          const started = performance.now()
          let answer
          try {
            answer = await request(agent, shop.base, 'GET', '/wp-json/wp/v2/launch/queue/status', undefined, {
              'x-queue-ticket': ticket,
            })
          } catch (error) {
            // A connection that ends without an answer: the status is asked again, as a browser
            // asks an idempotent request again when a reused connection fails, and the time is
            // printed. One such reset, on a call not recorded, stopped the full bench of
            // 2026-11-30 07:19; two runs alone had none. The cause is not known yet.
            if (error.code !== 'ECONNRESET') throw error
            statusResets.push(Math.round((Date.now() - launchAt) / 100) / 10)
            continue
          }
          statusMs.push(performance.now() - started)
          if (answer.status === 200) {
            const addStarted = performance.now()
            const add = await named(
              'the add to cart',
              request(
                agent,
                shop.base,
                'POST',
                '/api/v1/orders.json',
                { order: { line_items: [{ variant_id: productId, quantity: 1 }] } },
                { 'x-queue-pass': answer.body.data.pass },
              ),
            )
            addMs.push(performance.now() - addStarted)
            if (add.status === 201) taken.push(Date.now())
            else soldOut = true
            return
          }
          if (answer.status !== 429 && answer.status !== 503)
            throw new Error(`status answered ${answer.status}`)
          await sleep(answer.body.retry_after_seconds * 1000)
        }
      }),
    )
    agent.destroy()

    const admits = db
      .prepare('select admit_at from queue_tickets where admit_at <= ? order by admit_at')
      .all(Math.max(...taken))
      .map((row) => row.admit_at)
    let maxPerMinute = 0
    for (let i = 0, j = 0; i < admits.length; i++) {
      while (admits[j] <= admits[i] - 60_000) j++
      maxPerMinute = Math.max(maxPerMinute, i - j + 1)
    }
    const stock = db
      .prepare('select stock_held + stock_sold as taken from products where id = ?')
      .get(productId)
    db.close()
    const sellOutS = (Math.max(...taken) - launchAt) / 1000
    return {
      fans,
      joinedBeforeLaunch,
      units,
      ratePerMinute,
      timeToSellOutS: Math.round(sellOutS * 10) / 10,
      admissionsPerMinuteMax: maxPerMinute,
      admissionsPerMinuteMean: Math.round(admits.length / Math.max(sellOutS / 60, 1 / 60)),
      statusP99ms: p99(statusMs),
      statusResetsAtS: statusResets.join(' / ') || 'none',
      addToCartP99ms: p99(addMs),
      unitsTaken: taken.length,
      unitsHeldOrSold: stock.taken,
    }
  } finally {
    shop.child.kill('SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await queueDropBench({ quick: process.env.BENCH_QUICK === '1' })
  console.log('Drop through the waiting room (SQLite):')
  console.table([result])
  process.exit(0)
}
