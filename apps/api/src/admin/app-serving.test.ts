/**
 * The built server serves the back office's own bundle under /admin: its page for every /admin
 * path with this request's CSP nonce on each script, its hashed assets cached for a year, and
 * JSON 404 (never the page) for an unknown /admin/api path; those assets and answers carry the
 * API's security headers, not a page's.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'

describe('the back office app on the built server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-admin-app-'))
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    server = startServer({ PORT: '0', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('answers its page for any /admin path, every script carrying the nonce of the policy', async () => {
    for (const pathname of ['/admin', '/admin/login', '/admin/staff?x=1']) {
      const res = await fetch(`${base}${pathname}`)
      expect(res.status, pathname).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeDefined()
      const html = await res.text()
      const scripts = html.match(/<script[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).toContain('/admin/assets/')
    }
  })

  it('serves hashed assets for a year and unknown admin API paths as JSON 404', async () => {
    const html = await (await fetch(`${base}/admin/login`)).text()
    const asset = /href="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1]!
    const res = await fetch(`${base}${asset}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const missing = await fetch(`${base}/admin/api/nothing-here`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: 'No API endpoint GET /admin/api/nothing-here.',
    })
  })

  it("gives its assets and API answers the API's security headers, not a page's", async () => {
    const html = await (await fetch(`${base}/admin/login`)).text()
    const asset = /href="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1]!
    for (const url of [
      asset,
      '/admin/assets/nothing-here.js',
      '/admin/api/session',
      '/admin/api/nothing-here',
    ]) {
      const res = await fetch(`${base}${url}`)
      expect(res.headers.get('content-security-policy'), url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      )
      expect(res.headers.get('x-frame-options'), url).toBeNull()
      if (url.includes('nothing-here')) expect(res.status, url).toBe(404)
    }
  })
})
