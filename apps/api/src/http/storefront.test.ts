/**
 * The built storefront's browser assets as a phone receives them: precompressed brotli or gzip
 * by content negotiation, the same bytes once decompressed, cached for a year and marked as
 * varying by Accept-Encoding. Runs the built server (scripts/test.mjs builds before the tests).
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../../../', import.meta.url))
const serverJs = path.join(repo, 'apps/api/dist/server.js')
const assetsDir = path.join(repo, 'apps/web/build/client/assets')

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
  const server = { child: undefined as ReturnType<typeof spawn> | undefined, base: '' }

  beforeAll(async () => {
    if (!fs.existsSync(serverJs) || !fs.existsSync(assetsDir)) {
      const result = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' })
      if (result.status !== 0) throw new Error('npm run build failed')
    }
    const child = spawn(process.execPath, [serverJs], {
      cwd: repo,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.child = child
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    for (let i = 0; i < 600 && !server.base; i++) {
      const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output)
      if (match?.[1]) server.base = match[1]
      else await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (!server.base) throw new Error(`server did not start:\n${output}`)
  }, 300_000)

  afterAll(() => {
    server.child?.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const entry = () => {
    const file = fs.readdirSync(assetsDir).find((name) => /^entry\.client-.+\.js$/.test(name))
    if (!file) throw new Error('no entry.client script in the build')
    return { url: `/assets/${file}`, bytes: fs.readFileSync(path.join(assetsDir, file)) }
  }

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
