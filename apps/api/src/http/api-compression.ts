/**
 * API answers (/api/v1, /wp-json, /openapi.json) leave in brotli or gzip when the client accepts
 * it: catalogue JSON shrinks several-fold on a phone's link. Brotli at quality 4 (about gzip's CPU
 * on the fly); bodies under 1 KiB go as they are, and the add to cart, whose answer is one line,
 * passes none of the plugin's hooks (`compress: false` on its route). Request bodies are not
 * decompressed: clients send JSON plainly, as before. Pages are compressed by page-compression.ts, and hashed assets
 * were compressed at build time, so both already carry their Content-Encoding and pass through.
 * The storefront's in-process calls (in-process-fetch.ts) ask for identity and get plain JSON.
 * A client that hangs up while its answer is still being compressed is not an error: the plugin
 * (since 9.2) writes nothing for it, where 8.x logged "premature close" at error level for every
 * phone that tapped away from a long list.
 */
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Brotli at quality 4 with a 1 MiB window (2^20) rather than the default 4 MiB: each answer's
 * encoder holds memory V8 counts against the heap, and with the default, answers compressed side
 * by side drove a full garbage collection every few dozen answers (as pages did, page-compression.ts).
 * A catalogue page of 100 products is well under the window.
 */
export const API_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
  },
}

export async function registerApiCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: API_BROTLI,
    threshold: 1024,
  })
}
