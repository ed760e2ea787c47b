/**
 * The client a rate limit counts: an IPv6 client is its /64 (the block one line is handed, whose
 * addresses it may rotate through at will), an IPv4 client its address, written either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'
import { clientKey } from './client-key.ts'

describe('the client key', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64')
  })

  it('is the address of an IPv4 client, also written as IPv4-mapped IPv6', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey('::FFFF:c633:6407')).toBe('198.51.100.7')
  })

  it('leaves what is not an address as it is', () => {
    expect(clientKey('')).toBe('')
    expect(clientKey('not an address')).toBe('not an address')
  })
})

describe('rate limits per client', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  /** A wrong access code from `remoteAddress` (10 lock guessing from one client for 15 minutes). */
  const wrongCode = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/check-access-code',
      payload: { search: 'Access Code (ZZZZZ)' },
      remoteAddress,
      headers,
    })

  it('counts the addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await wrongCode(`2001:db8:a:1::${i.toString(16)}`)).statusCode).toBe(404)
    }
    const rotated = await wrongCode('2001:db8:a:1:dead:beef:0:1')
    expect(rotated.statusCode, rotated.body).toBe(429)
    expect(rotated.headers['retry-after']).toBe('900')
    expect((await wrongCode('2001:db8:a:2::1')).statusCode).toBe(404)
  })

  it('counts IPv4 clients per address, written as IPv4 or IPv4-mapped IPv6', async () => {
    for (let i = 0; i < 5; i++) expect((await wrongCode('198.51.100.20')).statusCode).toBe(404)
    for (let i = 0; i < 5; i++) expect((await wrongCode('::ffff:198.51.100.20')).statusCode).toBe(404)
    expect((await wrongCode('198.51.100.20')).statusCode).toBe(429)
    expect((await wrongCode('::ffff:198.51.100.21')).statusCode).toBe(404)
  })

  it("reads a trusted proxy's X-Forwarded-For, and only a trusted proxy's", async () => {
    const viaProxy = (address: string) => wrongCode('127.0.0.1', { 'x-forwarded-for': address })
    for (let i = 1; i <= 10; i++) expect((await viaProxy(`2001:db8:b:1::${i}`)).statusCode).toBe(404)
    expect((await viaProxy('2001:db8:b:1::ffff')).statusCode).toBe(429)
    // From a peer TRUST_PROXY does not name, the header is ignored: the peer is the client.
    const spoofed = await wrongCode('2001:db8:c:1::1', { 'x-forwarded-for': '2001:db8:b:1::1' })
    expect(spoofed.statusCode).toBe(404)
  })
})
