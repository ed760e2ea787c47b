/**
 * API answers (/api/v1, /wp-json, /openapi.json) leave in brotli or gzip when the client accepts
 * it: catalogue JSON shrinks several-fold on a phone's link. Brotli at quality 4 (about gzip's CPU
 * on the fly); bodies under 1 KiB go as they are, and the add to cart, whose answer is one line,
 * passes none of the plugin's hooks (`compress: false` on its route). Request bodies are not
 * decompressed: clients send JSON plainly, as before. Pages are compressed by page-compression.ts, and hashed assets
 * were compressed at build time, so both already carry their Content-Encoding and pass through.
 * The storefront's in-process calls (in-process-fetch.ts) ask for identity and get plain JSON.
 */
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

export async function registerApiCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  })
}
