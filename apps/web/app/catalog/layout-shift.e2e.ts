// Issue 15: the product page's buy bar jumped above the cookie bar once the script had measured
// it (CLS 0.18 in Lighthouse mobile); /shop's sort form lost its Sort button on hydration (0.07).
// A first-time visitor's load, as Lighthouse sees it: the layout shifts Chromium reports until the
// page has loaded and hydrated add up to under 0.01, also when the page comes in two pieces.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'

type Shift = { value: number; hadRecentInput: boolean; sources: string[] }

declare global {
  interface Window {
    /** The layout shifts this test's observer saw. */
    shifts?: Shift[]
  }
}

/** From the page's first byte on, every layout shift is kept in `window.shifts`. */
function watchShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: Shift[] = []
    window.shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources: { node: Node | null }[]
      })[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((s) => (s.node instanceof Element ? s.node.className : String(s.node))),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/**
 * Every shift the page has made up to two frames from now, added up as in Lighthouse: including
 * those Chromium marks as following input though the test sends none (it marked the cookie bar's
 * and buy bar's of a page painted in pieces, below).
 */
async function expectNoShift(page: Page) {
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.shifts ?? []))),
      ),
  )
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.01)
}

for (const path of [
  '/product/extra-time-tour-tee',
  '/product/number-9-dad-cap?colour=Navy&size=One+Size',
  '/shop',
]) {
  test(`${path} loads without moving what is drawn @phone-only`, async ({ page }) => {
    await watchShifts(page)
    await page.goto(path, { waitUntil: 'load' })
    // Hydrated and settled: the cookie bar has published its height, the last thing that moved the buy bar.
    await page.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--cookie-bar-height') !== '',
    )
    await page.waitForLoadState('networkidle')
    await expectNoShift(page)
  })
}

/**
 * A proxy in front of the shop that sends `path`'s HTML in two parts, `pauseMs` apart, cut just
 * before `cutBefore`: what a phone on a slow network gets when a page comes in several packets,
 * and what the browser's parser does on a slow phone when it yields mid-page. Everything else
 * passes through untouched.
 */
async function pageInTwoParts(target: string, path: string, cutBefore: string, pauseMs: number) {
  let cuts = 0
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers }
    const whole = request.url === path
    if (whole) headers['accept-encoding'] = 'identity'
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers },
      (answer) => {
        if (!whole) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        const parts: Buffer[] = []
        answer.on('data', (part: Buffer) => parts.push(part))
        answer.on('end', () => {
          const html = Buffer.concat(parts).toString('utf8')
          const cut = Math.max(html.indexOf(cutBefore), 0)
          if (cut > 0) cuts++
          const { 'content-length': _length, ...rest } = answer.headers
          response.writeHead(answer.statusCode ?? 502, rest)
          response.write(html.slice(0, cut))
          setTimeout(() => response.end(html.slice(cut)), pauseMs)
        })
      },
    )
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${path}`,
    /** How many times the page was sent cut (0 if `cutBefore` was not in it). */
    cuts: () => cuts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// A page came in pieces (a slow network, or the parser of a slow phone yielding mid-page), and
// the browser painted the first piece: the cookie bar and the buy bar, fixed to the screen's foot,
// were drawn without their buttons and rose when the rest came (Lighthouse CLS 0.015 to 0.045 now
// and then on a busy machine). The first paint now waits until the page is read up to its end (root.tsx).
for (const cutBefore of ['<div class="cookie-bar__actions"', '<div class="buy-bar__summary"']) {
  test(`a product page cut before ${cutBefore} is painted whole @phone-only`, async ({ page, baseURL }) => {
    const proxy = await pageInTwoParts(baseURL as string, '/product/extra-time-tour-tee', cutBefore, 600)
    try {
      await watchShifts(page)
      await page.goto(proxy.url, { waitUntil: 'load' })
      expect(proxy.cuts()).toBe(1)
      await expectNoShift(page)
    } finally {
      await proxy.close()
    }
  })
}
