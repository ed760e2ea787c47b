/**
 * The nonce a page's inline scripts carry (Content-Security-Policy, http/security-headers.ts),
 * 16 bytes of the system's cryptographic random source, each drawn once. They are handed out from
 * a pool filled 4 KiB at a time, as Node's own `randomUUID` does: `randomBytes(16)` costs 5.5 µs a
 * call on these machines, a tenth of the CPU of a page sent from the page cache, and a nonce from
 * the pool 0.1 µs (docs/performance-log.md, "A page's nonce drawn from a pool").
 */
import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
const POOL_BYTES = 4096
const pool = Buffer.alloc(POOL_BYTES)
let drawn = POOL_BYTES

/** A fresh nonce, base64: 24 characters, never handed out before. */
export function freshNonce(): string {
  if (drawn === POOL_BYTES) {
    randomFillSync(pool)
    drawn = 0
  }
  const nonce = pool.toString('base64', drawn, drawn + NONCE_BYTES)
  drawn += NONCE_BYTES
  return nonce
}
