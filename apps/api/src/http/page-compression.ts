/**
 * Pages leave compressed: a server-rendered page is mostly markup and hydration data, which
 * brotli (or gzip for browsers without it) shrinks several-fold on a phone's slow link. A page
 * that arrives whole is compressed in one call; one that streams (the shell first, deferred data
 * later) is flushed through the compressor as soon as it pauses instead of waiting for the end of
 * the page. Brotli runs at
 * quality 3 on the fly (PAGE_BROTLI_QUALITY); the hashed assets were compressed at their best at
 * build time (fastifyStatic's preCompressed).
 */

import { once } from 'node:events'
import type { ServerResponse } from 'node:http'
import { finished } from 'node:stream/promises'
import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] })

/** Content types worth compressing: text that the page streams. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/

/** The encoding to send this body in, or null to send it as it is. */
export function pageEncoding(
  acceptEncoding: string | undefined,
  contentType: string | null,
): 'br' | 'gzip' | null {
  if (!acceptEncoding || !contentType || !COMPRESSIBLE.test(contentType)) return null
  return encodings.negotiate(acceptEncoding)
}

/**
 * Brotli's quality for pages compressed as they are rendered (issue 15). Quality 4 took two to
 * three times the CPU of quality 3 on the home, shop and product pages (0.4 to 1.4 ms a page) for
 * a page 4% smaller; above 4 the cost climbs faster still.
 */
export const PAGE_BROTLI_QUALITY = 3

/**
 * Brotli's window for pages compressed as they are rendered: 2^18 bytes (256 KiB), more than a
 * page's markup (56-85 KB raw for home, /shop, a product page, the feed), which comes out the same
 * size as with the default 4 MiB window. The default made each page's encoder hold memory that V8
 * counts against the heap: with 16 pages in flight a full garbage collection ran every ~150 ms
 * (93 in 15 s of load on the 256 MiB heap, against 9 for the same pages uncompressed), the main
 * reason a page cost nearly twice the CPU under concurrency than alone (issue 15, fourth pass).
 */
export const PAGE_BROTLI_WINDOW = 18

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_LGWIN]: PAGE_BROTLI_WINDOW,
  },
}
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 }

function compressor(encoding: 'br' | 'gzip'): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS)
}

/**
 * A whole page compressed in one call on the calling thread. The compressor stream hands its work
 * to libuv's pool and takes the result back: 1.0 ms of the process's CPU for a 57 KB page against
 * 0.7 ms in one call here (the same bytes), on a machine where the render itself takes 8 ms. The
 * price is those 0.7 ms on the event loop after the render's own; the shop scales by instances,
 * one a core, where the CPU a page takes in all is what limits (docs/performance-log.md, "A
 * whole page compressed in one call").
 */
function compressWhole(page: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(page, BROTLI_OPTIONS) : zlib.gzipSync(page, GZIP_OPTIONS)
}

/**
 * Writes `body` to `res` compressed in `encoding`. A page that arrives whole before the stream
 * pauses (the storefront renders every page whole, entry.server.tsx) is compressed in one call.
 * Otherwise what React writes in one go (the shell, then each deferred part as it resolves) is
 * handed to a compressor stream as one piece and flushed once, when the stream pauses, so it
 * reaches the browser at once: flushing each of its small chunks cost twice the CPU of the
 * compression and made the page larger, and writing its chunks one by one (about ten a page) took
 * the compressor's CPU from 0.7 to 1.2 ms on the home page. Headers are already set.
 */
export async function writeCompressed(
  body: AsyncIterable<Uint8Array>,
  res: ServerResponse,
  encoding: 'br' | 'gzip',
): Promise<void> {
  // Made at the first pause (`send` assigns it): `as` keeps it from reading as always null here.
  let zip = null as zlib.BrotliCompress | zlib.Gzip | null
  let pending: Uint8Array[] = []
  let full: Promise<unknown> | null = null
  let pause: NodeJS.Immediate | null = null
  const send = () => {
    pause = null
    if (!zip) {
      zip = compressor(encoding)
      zip.pipe(res)
    }
    if (!zip.write(Buffer.concat(pending))) full = once(zip, 'drain')
    pending = []
    zip.flush()
  }
  for await (const chunk of body) {
    pending.push(chunk)
    pause ??= setImmediate(send)
    if (full) {
      await full
      full = null
    }
  }
  if (pause) clearImmediate(pause)
  if (!zip) {
    res.end(compressWhole(Buffer.concat(pending), encoding))
    await finished(res)
    return
  }
  if (pending.length > 0) zip.write(Buffer.concat(pending))
  zip.end()
  await finished(res)
}
