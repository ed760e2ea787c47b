// A small closed-loop load generator for the drop-day bench: `c` shoppers, each running
// iterations (create a cart, add one unit) back to back until `n` are done, over keep-alive
// connections. Records each add's latency, and the server's CPU time from /proc.
import fs from 'node:fs'
import http from 'node:http'

const TICKS_PER_SECOND = 100

/** User + system CPU seconds a process has used so far (/proc/<pid>/stat). */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** One JSON request; resolves { status, body }. */
export function request(agent, base, method, path, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers }
          : headers,
      },
      (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null })
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** The two APIs under test, as { createCart, addLine } over one agent. */
export const shopApi = (base, variantId) => ({
  base,
  async createCart(agent) {
    const { body } = await request(agent, base, 'POST', '/api/v1/orders.json', {})
    return body
  },
  addLine(agent, cart) {
    return request(
      agent,
      base,
      'POST',
      `/api/v1/orders/${cart.number}/line_items.json?order_token=${cart.token}`,
      {
        line_item: { variant_id: variantId, quantity: 1 },
      },
    )
  },
})

export const rawApi = (base) => ({
  base,
  async createCart(agent) {
    const { body } = await request(agent, base, 'POST', '/carts', {})
    return body
  },
  addLine(agent, cart) {
    return request(agent, base, 'POST', `/carts/${cart.id}/lines?token=${cart.token}`, {
      product_id: 1,
      quantity: 1,
    })
  },
})

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * Runs `n` iterations with `c` concurrent shoppers against `api` (one or more servers, taken in
 * turn) and answers it/s, add latency percentiles (ms), statuses and the servers' CPU per
 * iteration (ms).
 */
export async function iterate({ apis, pids, c, n }) {
  const agents = apis.map(() => new http.Agent({ keepAlive: true, maxSockets: c }))
  const latencies = []
  const statuses = {}
  let next = 0
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0)
  const generatorBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: c }, async (_, shopper) => {
      for (;;) {
        const i = next++
        if (i >= n) return
        const which = (i + shopper) % apis.length
        const cart = await apis[which].createCart(agents[which])
        const t0 = performance.now()
        const { status } = await apis[which].addLine(agents[which], cart)
        latencies.push(performance.now() - t0)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore
  const generator = process.cpuUsage(generatorBefore)
  for (const agent of agents) agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    itPerSec: n / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuMsPerIt: (cpu * 1000) / n,
    generatorCpuMsPerIt: (generator.user + generator.system) / 1000 / n,
    statuses,
  }
}
