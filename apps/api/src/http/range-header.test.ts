/**
 * A Range header the server cannot read is ignored (RFC 9110, 14.2): the music's audio, a resized
 * image and a static asset answer 200 with the whole file, not 416, which is for a valid range that
 * lies past the end of the file (and names the file's size). A readable one still gets its 206.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'
import adminAppPlugin from '../admin/app-serving.ts'

const UNREADABLE = [
  'bytes=abc',
  'bytes=5-2',
  'items=0-1',
  'bytes=0-1,abc',
  'bytes=',
  'bytes=1-2-3',
  'bytes=--1',
]

let t: TestApp
let audio: string
const adminRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-range-admin-'))
const ASSET = 'console.log("the back office")\n'

beforeAll(async () => {
  const assets = path.join(adminRoot, 'build', 'client', 'assets')
  fs.mkdirSync(assets, { recursive: true })
  fs.writeFileSync(path.join(adminRoot, 'build', 'client', 'index.html'), '<!doctype html>')
  fs.writeFileSync(path.join(assets, 'app-1234.js'), ASSET)
  t = await createTestApp({ ready: false })
  await t.app.register(adminAppPlugin, { adminRoot })
  await t.app.ready()
  const release = await t.app.inject('/wp-json/wp/v2/music?per_page=1')
  audio = /"(\/media\/\d+\/file)"/.exec(release.body)![1]!
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(adminRoot, { recursive: true, force: true })
})

const get = (url: string, range?: string) => t.app.inject({ url, headers: range ? { range } : {} })

describe('a Range header the server cannot read', () => {
  it('is ignored on the audio: 200 and the whole file', async () => {
    const whole = await get(audio)
    expect(whole.statusCode).toBe(200)
    for (const range of UNREADABLE) {
      const res = await get(audio, range)
      expect(res.statusCode, range).toBe(200)
      expect(res.rawPayload.equals(whole.rawPayload), range).toBe(true)
    }
  })

  it('is ignored on a resized image and on a static asset', async () => {
    for (const url of ['/media/1/480.webp', '/admin/assets/app-1234.js']) {
      const whole = await get(url)
      expect(whole.statusCode, url).toBe(200)
      for (const range of UNREADABLE) {
        const res = await get(url, range)
        expect(res.statusCode, `${url} ${range}`).toBe(200)
        expect(res.rawPayload.equals(whole.rawPayload), `${url} ${range}`).toBe(true)
      }
    }
    expect((await get('/admin/assets/app-1234.js', 'bytes=5-2')).body).toBe(ASSET)
  })
})

describe('a readable Range header', () => {
  it('gets the part asked for, from the first byte, the last bytes or a list with spaces', async () => {
    const whole = (await get(audio)).rawPayload
    const first = await get(audio, 'bytes=0-9')
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe(`bytes 0-9/${whole.length}`)
    expect(first.rawPayload.equals(whole.subarray(0, 10))).toBe(true)
    const last = await get(audio, 'bytes=-4')
    expect(last.statusCode).toBe(206)
    expect(last.rawPayload.equals(whole.subarray(whole.length - 4))).toBe(true)
    const open = await get(audio, 'bytes=10-')
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(whole.subarray(10))).toBe(true)
    expect((await get(audio, 'bytes=0-1, 4-5')).statusCode).toBe(200)
  })

  it("answers 416 with the file's size when the range lies past the end of the file, which no cache keeps for a year", async () => {
    for (const url of [audio, '/media/1/480.webp', '/admin/assets/app-1234.js']) {
      const whole = await get(url)
      const res = await get(url, 'bytes=999999999-')
      expect(res.statusCode, url).toBe(416)
      expect(res.json()).toEqual({ statusCode: 416, message: expect.any(String) })
      // RFC 9110 (14.4, 15.5.17): the answer says how long the file is, for the client to ask again.
      expect(res.headers['content-range'], url).toBe(`bytes */${whole.rawPayload.length}`)
      // The file's year-long caching is for the file: a shared cache kept this answer for a year.
      expect(res.headers['cache-control'], url).toBeUndefined()
      expect(whole.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
    }
  })
})
