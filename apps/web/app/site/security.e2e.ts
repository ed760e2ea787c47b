/**
 * The storefront as deployed, in a real browser: no page, panel, player or the API reference
 * breaks the Content-Security-Policy (every inline script carries the nonce), and behind a
 * TLS-terminating proxy with PUBLIC_URL=https a shopper logs in, checks out and logs out.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import selfsigned from 'selfsigned'
import { roomiestSimpleProduct } from '../../tests/pages.ts'
import { expect, hydratingNavigations, test } from '../../tests/playwright.ts'
import { acceptCookies, addToCart, checkOut } from '../../tests/shopper.ts'

/** Collects what the Content-Security-Policy blocked on a page, as events and as console errors. */
async function watchPolicy(page: Page) {
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      logged.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as Window & { cspViolations?: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  return async (where: string) => {
    const events = await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations)
    expect(events, `policy violations on ${where}`).toEqual([])
    expect(logged, `policy errors logged on ${where}`).toEqual([])
  }
}

test('no page, panel or player breaks the Content-Security-Policy', async ({ page, request }) => {
  test.slow()
  const noViolations = await watchPolicy(page)
  const release = (await (await request.get('/wp-json/wp/v2/music?per_page=1')).json())[0] as { id: number }

  await page.goto('/')
  await acceptCookies(page)
  await noViolations('the home page')

  await page.goto('/shop')
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
  await expect(page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })).toBeVisible()
  await noViolations('/shop with the cart panel open')

  const panel = await addToCart(page, `/product/${await roomiestSimpleProduct(request)}`)
  await expect(panel).toHaveAccessibleName('1 item')
  await noViolations('a product page, after adding to the bag')

  await page.goto('/checkout')
  await expect(page.getByLabel('Street and number')).toBeVisible()
  await noViolations('/checkout')

  await page.goto('/auth/login')
  await expect(page.getByLabel('Password')).toBeVisible()
  await noViolations('/auth/login')

  await page.goto(`/music/${release.id}`)
  const player = page.getByRole('region', { name: /^Player: / })
  await player
    .getByRole('button', { name: /^Play / })
    .first()
    .click()
  await expect(player.getByRole('button', { name: /^Pause / })).toBeVisible()
  await noViolations('a release with its audio player playing')

  await page.goto('/docs')
  // The reference page parses the whole OpenAPI document (about 400 KB) before it shows its title.
  await expect(page.getByText('Fan shop API').first()).toBeVisible({ timeout: 30_000 })
  await noViolations('/docs')
})

const repo = path.resolve(import.meta.dirname, '../../../..')

/** The production server on a free port with its own data, told it is published at `publicUrl`. */
async function startShop(publicUrl: string, dataDir: string) {
  const child = spawn(process.execPath, [path.join(repo, 'apps/api/dist/server.js')], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /"address":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.on('exit', (code) => reject(new Error(`the shop exited with ${code}`)))
  })
  child.stdout?.resume()
  return { child, port }
}

/**
 * A TLS-terminating proxy on 127.0.0.1, as a deployment puts in front of the shop: it answers
 * https with a certificate made for this test and tells the shop, which trusts loopback
 * (TRUST_PROXY's default), the protocol and host the browser used.
 */
async function startTlsProxy() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], { keyType: 'ec' })
  let upstreamPort = 0
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-for': req.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    port: (server.address() as AddressInfo).port,
    forwardTo(port: number) {
      upstreamPort = port
    },
  }
}

test.describe('behind a TLS-terminating proxy', () => {
  test.describe.configure({ timeout: 120_000 })
  let proxy: Awaited<ReturnType<typeof startTlsProxy>>
  let shop: ChildProcess | undefined
  let dataDir = ''

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-tls-'))
    proxy = await startTlsProxy()
    const started = await startShop(`https://127.0.0.1:${proxy.port}`, dataDir)
    shop = started.child
    proxy.forwardTo(started.port)
  })

  test.afterAll(async () => {
    const closed = new Promise((resolve) => proxy.server.close(resolve))
    proxy.server.closeAllConnections()
    await closed
    if (shop) {
      const exited = new Promise((resolve) => shop!.once('exit', resolve))
      shop.kill('SIGTERM')
      await exited
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('a shopper logs in, fills the bag, checks out and logs out over https', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: `https://127.0.0.1:${proxy.port}`,
      ignoreHTTPSErrors: true,
    })
    const page = hydratingNavigations(await context.newPage())
    const noViolations = await watchPolicy(page)

    // A page has the full set of security headers; an API answer only those that matter for it.
    const home = await page.goto('/shop')
    expect(home?.headers()['strict-transport-security']).toContain('max-age=')
    expect(home?.headers()['x-frame-options']).toBe('DENY')
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-")
    const api = (await context.request.get('/wp-json/wc/v3/products?per_page=1')).headers()
    expect(api['strict-transport-security']).toContain('max-age=')
    expect(api['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(api['x-content-type-options']).toBe('nosniff')
    expect(api['x-frame-options']).toBeUndefined()
    await acceptCookies(page)
    await expect(page.getByRole('button', { name: 'ACCEPT', exact: true })).toHaveCount(0)

    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const login = page.getByRole('dialog', { name: 'Login' })
    await login.getByLabel('E-mail').fill('demo@example.com')
    await login.getByLabel('Password').fill('demo-password')
    await login.getByLabel('Password').press('Enter')
    await expect(page).toHaveURL(/\/profile$/)
    const cookies = await context.cookies()
    // The login lives in the visitor's one session cookie (docs/decisions/0003).
    expect(cookies.find((cookie) => cookie.name === 'session')?.secure).toBe(true)

    const panel = await addToCart(page, `/product/${await roomiestSimpleProduct(page.request)}`)
    await expect(panel).toHaveAccessibleName('1 item')
    await checkOut(page, 'demo@example.com', '4242 4242 4242 4242')
    await expect(page).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/order\/confirmation\?number=R\d{9}$/)
    await expect(page.getByRole('heading', { name: 'Thank you! Your order is confirmed' })).toBeVisible()

    await page.goto('/profile')
    await page.getByRole('button', { name: 'LOGOUT' }).click()
    await expect(page).toHaveURL(/\/home$/)
    // The session may still hold the order just placed, but no login: its signed value is base64 JSON.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'session')
    const payload = session ? decodeURIComponent(session.value).split('.')[0]! : null
    expect(payload ? JSON.parse(Buffer.from(payload, 'base64').toString()).auth : undefined).toBeUndefined()
    await noViolations('the journey behind the proxy')
    await context.close()
  })
})
