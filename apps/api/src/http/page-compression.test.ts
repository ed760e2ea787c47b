/**
 * A page leaves compressed: one that arrives whole in one call, one that React streams as it
 * writes it, what it writes in one go as one flushed piece (not one per small chunk), a part
 * written later still reaching the browser before the page ends.
 */
import type { ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fullCollectionsAgainstDefaultWindow } from '../../tests/garbage-collections.ts'
import { PAGE_BROTLI_QUALITY, writeCompressed } from './page-compression.ts'

const SHELL = Array.from(
  { length: 40 },
  (_, i) => `<div class="card">Product ${i}: a tee in many colours</div>`,
)

function response() {
  const res = new PassThrough()
  const pieces: Buffer[] = []
  res.on('data', (piece: Buffer) => pieces.push(piece))
  return { res, pieces }
}

/** The page as React writes it when it renders it whole: its parts one after another, then the end. */
function wholePage() {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of SHELL) controller.enqueue(encoder.encode(part))
      controller.close()
    },
  })
}

describe('writeCompressed', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('flushes the chunks React writes in one go once, and the page arrives whole', async () => {
    const body = wholePage()
    const { res, pieces } = response()
    await writeCompressed(body, res as unknown as ServerResponse, 'br')
    expect(zlib.brotliDecompressSync(Buffer.concat(pieces)).toString()).toBe(SHELL.join(''))
    // The whole page in one go: as small as one compression of it (each flush adds bytes).
    const once = zlib.brotliCompressSync(SHELL.join(''), {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    })
    expect(Buffer.concat(pieces).length).toBeLessThanOrEqual(once.length + 8)
  })

  it('compresses a page that arrives whole in one call, with no compressor stream', async () => {
    const streams = vi.spyOn(zlib, 'createBrotliCompress')
    const calls = vi.spyOn(zlib, 'brotliCompressSync')
    const body = wholePage()
    const { res, pieces } = response()
    await writeCompressed(body, res as unknown as ServerResponse, 'br')
    expect(streams).not.toHaveBeenCalled()
    expect(calls).toHaveBeenCalledTimes(1)
    expect(zlib.brotliDecompressSync(Buffer.concat(pieces)).toString()).toBe(SHELL.join(''))
  })

  it('compresses a page that arrives whole in gzip too', async () => {
    const { res, pieces } = response()
    await writeCompressed(wholePage(), res as unknown as ServerResponse, 'gzip')
    expect(zlib.gunzipSync(Buffer.concat(pieces)).toString()).toBe(SHELL.join(''))
  })

  it('hands the compressor stream what React writes in one go as one piece', async () => {
    const create = zlib.createBrotliCompress
    const writes: number[] = []
    vi.spyOn(zlib, 'createBrotliCompress').mockImplementation((options) => {
      const zip = create(options)
      const write = zip.write.bind(zip)
      zip.write = ((chunk: Buffer, ...rest: never[]) => {
        writes.push(chunk.length)
        return write(chunk, ...rest)
      }) as typeof zip.write
      return zip
    })
    const encoder = new TextEncoder()
    let more!: () => void
    const later = new Promise<void>((resolve) => {
      more = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of SHELL) controller.enqueue(encoder.encode(part))
        await later
        controller.enqueue(encoder.encode('<p>later</p>'))
        controller.close()
      },
    })
    const { res, pieces } = response()
    const written = writeCompressed(body, res as unknown as ServerResponse, 'br')
    await vi.waitFor(() => expect(writes.filter((length) => length > 0)).toHaveLength(1), { timeout: 5_000 })
    more()
    await written
    // Each piece as one write (a flush is a write of nothing).
    expect(writes.filter((length) => length > 0)).toEqual([SHELL.join('').length, '<p>later</p>'.length])
    expect(zlib.brotliDecompressSync(Buffer.concat(pieces)).toString()).toBe(`${SHELL.join('')}<p>later</p>`)
  })

  it('sends what was written before a pause before the rest of the page is written', async () => {
    const encoder = new TextEncoder()
    let more!: () => void
    const later = new Promise<void>((resolve) => {
      more = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of SHELL) controller.enqueue(encoder.encode(part))
        await later
        controller.enqueue(encoder.encode('<script>deferred</script>'))
        controller.close()
      },
    })
    const { res, pieces } = response()
    const inflate = zlib.createBrotliDecompress()
    let seen = ''
    inflate.on('data', (text: Buffer) => {
      seen += text.toString()
    })
    res.pipe(inflate)
    const written = writeCompressed(body, res as unknown as ServerResponse, 'br')
    // The rest is written only after this: the shell arrives on its own, however long the
    // encoders take on a busy machine (a fixed 50 ms wait once saw nothing yet).
    await vi.waitFor(() => expect(seen).toBe(SHELL.join('')), { timeout: 5_000 })
    more()
    await written
    await new Promise((resolve) => inflate.once('end', resolve))
    expect(seen).toBe(`${SHELL.join('')}<script>deferred</script>`)
    expect(pieces.length).toBeGreaterThan(1)
  })

  it('compresses 16 pages side by side without driving full garbage collections', async () => {
    // A page's worth of markup (about 60 KB), streamed in five parts as React writes it.
    const page = Buffer.from(
      Array.from({ length: 1500 }, (_, i) => `<div class="c${i % 50}">item ${i}</div>`).join(''),
    )
    const part = Math.ceil(page.length / 5)
    const render = () =>
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (let i = 0; i < 5; i++) {
            controller.enqueue(page.subarray(i * part, (i + 1) * part))
            await new Promise((resolve) => setImmediate(resolve))
          }
          controller.close()
        },
      })
    const compressPages = async () => {
      let sent = 0
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (sent++ < 800) {
            const res = new PassThrough().resume()
            await writeCompressed(render(), res as unknown as ServerResponse, 'br')
          }
        }),
      )
    }
    const { shop, defaultWindow } = await fullCollectionsAgainstDefaultWindow(compressPages)
    // With brotli's default 4 MiB window this ran a full collection every 15 pages or so (45 to
    // 63 a run here); with the smaller window 0 to 2, and 7 once on a machine loaded by CI's
    // browser tests. Each count is of two runs.
    expect(shop * 4).toBeLessThanOrEqual(defaultWindow)
  })
})
