/**
 * The production process as an operator sees it: a wrong variable stops it with one line naming
 * it; a good start serves API and pages; SIGTERM lets in-flight requests finish, closes the
 * database and exits 0. Runs the built server (scripts/test.mjs builds before the tests).
 */
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, startServer, waitForPort } from '../tests/built-server.ts'
import { testDialect, testPgUrl } from '../tests/test-app.ts'

describe(`the production server on ${testDialect}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-server-'))
  const schema = `s_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const databaseEnv: Record<string, string> =
    testDialect === 'postgres' ? { DATABASE_URL: `${testPgUrl}?options=-c%20search_path%3D${schema}` } : {}
  let running: ChildProcess | undefined

  beforeAll(async () => {
    ensureBuilt()
    if (testDialect === 'postgres') {
      const client = new pg.Client({ connectionString: testPgUrl })
      await client.connect()
      await client.query(`create schema ${schema}`)
      await client.end()
    }
  }, 300_000)

  afterAll(async () => {
    running?.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (testDialect === 'postgres') {
      const client = new pg.Client({ connectionString: testPgUrl })
      await client.connect()
      await client.query(`drop schema ${schema} cascade`)
      await client.end()
    }
  })

  it('stops at start with one line naming a wrong variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir })
    expect(await server.exited).toBe(1)
    const lines = server.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /)
  })

  it("renders with React's production builds when NODE_ENV is not set, as its documented default says", async () => {
    const preload = fileURLToPath(new URL('../tests/loaded-react-builds.cjs', import.meta.url))
    const server = startServer({ NODE_ENV: undefined, PORT: '0', DATA_DIR: dataDir, ...databaseEnv }, [
      '--require',
      preload,
    ])
    running = server.child
    const port = await waitForPort(server)
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    running = undefined
    const loaded = /React builds loaded: (.*)/.exec(server.output())?.[1]
    expect(JSON.parse(loaded ?? 'null')).toEqual(['react-jsx-runtime.production.js', 'react.production.js'])
  }, 120_000)

  it('serves, then shuts down cleanly on SIGTERM while a request is in flight', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, ...databaseEnv })
    running = server.child
    const port = await waitForPort(server)
    const base = `http://127.0.0.1:${port}`

    const health = await fetch(`${base}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', database: testDialect })
    const page = await fetch(`${base}/no-such-page`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('This page could not be found')

    // On the keep-alive connection the requests above opened: it is busy when SIGTERM comes.
    const inFlight = fetch(`${base}/no-such-page`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    server.child.kill('SIGTERM')
    const answered = await inFlight
    expect(answered.status).toBe(404)
    expect(answered.body).toContain('This page could not be found')
    // Once its answer is out, that connection is closed rather than left idle for the keep-alive
    // timeout (72 s), which held the process up that long.
    const stillUp = new Promise((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000))
    expect(await Promise.race([server.exited, stillUp])).toBe(0)
    expect(server.output()).toContain('database closed')
    running = undefined
  }, 120_000)
})
