/**
 * The pool the pages' CSP nonces come from: each is 16 random bytes, and none comes twice, across
 * the pool's refills.
 */
import { describe, expect, it } from 'vitest'
import { freshNonce } from './csp-nonce.ts'

describe('freshNonce', () => {
  it('hands out 16 bytes in base64', () => {
    const nonce = freshNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('never hands out the same nonce twice, across several fills of its pool', () => {
    const count = 2_000
    const nonces = new Set(Array.from({ length: count }, freshNonce))
    expect(nonces.size).toBe(count)
    expect(nonces.has(Buffer.alloc(16).toString('base64'))).toBe(false)
  })
})
