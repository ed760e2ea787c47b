/**
 * The built storefront's browser assets as a phone receives them: precompressed brotli or gzip
 * by content negotiation, the same bytes once decompressed, cached for a year and marked as
 * varying by Accept-Encoding. Runs the built server (scripts/test.mjs builds before the tests).
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'

const assetsDir = fileURLToPath(new URL('../../../web/build/client/assets', import.meta.url))

function get(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('the storefront’s hashed assets', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-assets-'))
  const server = { built: undefined as BuiltServer | undefined, base: '' }

  beforeAll(async () => {
    ensureBuilt()
    server.built = startServer({ PORT: '0', DATA_DIR: dataDir })
    server.base = `http://127.0.0.1:${await waitForPort(server.built)}`
  }, 300_000)

  afterAll(async () => {
    server.built?.child.kill('SIGKILL')
    await server.built?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const entry = () => {
    const file = fs.readdirSync(assetsDir).find((name) => /^entry\.client-.+\.js$/.test(name))
    if (!file) throw new Error('no entry.client script in the build')
    return { url: `/assets/${file}`, bytes: fs.readFileSync(path.join(assetsDir, file)) }
  }

  it('has a brotli and a gzip file beside every text asset, the route manifest too', () => {
    const text = fs.readdirSync(assetsDir).filter((name) => /\.(?:js|css|svg|json)$/.test(name))
    expect(text.some((name) => /^manifest-.+\.js$/.test(name))).toBe(true)
    expect(text.filter((name) => !fs.existsSync(path.join(assetsDir, `${name}.br`)))).toEqual([])
    expect(text.filter((name) => !fs.existsSync(path.join(assetsDir, `${name}.gz`)))).toEqual([])
  })

  it('gives the browser its route manifest as a string for JSON.parse, not as code, and compressed from that text', () => {
    const name = fs.readdirSync(assetsDir).find((file) => /^manifest-.+\.js$/.test(file))!
    const text = fs.readFileSync(path.join(assetsDir, name), 'utf8')
    expect(text.startsWith('window.__reactRouterManifest=JSON.parse(')).toBe(true)
    const window: {
      __reactRouterManifest?: { entry: { module: string }; routes: Record<string, unknown>; version: string }
    } = {}
    vm.runInNewContext(text, { window })
    const manifest = window.__reactRouterManifest!
    expect(manifest.entry.module).toMatch(/^\/assets\/entry\.client-.+\.js$/)
    expect(Object.keys(manifest.routes)).toEqual(expect.arrayContaining(['root', 'catalog/routes/shop']))
    expect(name).toBe(`manifest-${manifest.version}.js`)
    expect(brotliDecompressSync(fs.readFileSync(path.join(assetsDir, `${name}.br`))).toString()).toBe(text)
  })

  it('answers Accept-Encoding: br with the brotli file, the same script once decompressed', async () => {
    const { url, bytes } = entry()
    const response = await get(server.base + url, { 'accept-encoding': 'br, gzip' })
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.body.length).toBeLessThan(bytes.length / 2)
    expect(brotliDecompressSync(response.body).equals(bytes)).toBe(true)
  })

  it('answers gzip to a browser without brotli, and the plain file to one without either', async () => {
    const { url, bytes } = entry()
    const gzip = await get(server.base + url, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(bytes)).toBe(true)

    const plain = await get(server.base + url, {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body.equals(bytes)).toBe(true)
  })
})
