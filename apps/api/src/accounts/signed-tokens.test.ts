import { createSigner } from 'fast-jwt'
import { describe, expect, it } from 'vitest'
import { signToken, verifyToken } from './signed-tokens.ts'

const key = new TextEncoder().encode('a-login-secret-of-at-least-32-characters')
const otherKey = new TextEncoder().encode('another-secret-of-at-least-32-characters')
const IAT = 1_795_968_000
const claims = { sub: '7', jti: 'session-1', iat: IAT, exp: IAT + 3600 }
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('signed tokens', () => {
  it('checks what it signed, with its claims', () => {
    const token = signToken(key, { ...claims, aud: 'fanshop:queue-pass', skipsQueue: true })
    expect(verifyToken(key, token, { now: IAT * 1000, audience: 'fanshop:queue-pass' })).toEqual({
      ...claims,
      aud: 'fanshop:queue-pass',
      skipsQueue: true,
    })
  })

  it('stops at the exp instant, as RFC 7519 reads it', () => {
    const token = signToken(key, claims)
    const expiresAt = claims.exp * 1000
    expect(verifyToken(key, token, { now: expiresAt - 1 })?.jti).toBe('session-1')
    expect(verifyToken(key, token, { now: expiresAt })).toBeNull()
    expect(verifyToken(key, token, { now: expiresAt + 1 })).toBeNull()
  })

  it('refuses tokens of another key, another audience, another algorithm or no expiry', () => {
    const now = IAT * 1000
    expect(verifyToken(key, signToken(otherKey, claims), { now })).toBeNull()
    const pass = signToken(key, { ...claims, aud: 'fanshop:queue-pass' })
    expect(verifyToken(key, pass, { now, audience: 'fanshop:queue-ticket' })).toBeNull()
    for (const near of ['xfanshop:queue-pass', 'fanshop:queue-passX', 'fanshop:queue.pass']) {
      const token = signToken(key, { ...claims, aud: near })
      expect(verifyToken(key, token, { now, audience: 'fanshop:queue-pass' })).toBeNull()
    }
    const hs512 = createSigner({ key: Buffer.from(key), algorithm: 'HS512' })(claims)
    expect(verifyToken(key, hs512, { now })).toBeNull()
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
    expect(verifyToken(key, unsigned, { now })).toBeNull()
    const { exp: _, ...lasting } = claims
    expect(
      verifyToken(key, createSigner({ key: Buffer.from(key), algorithm: 'HS256' })(lasting), { now }),
    ).toBeNull()
    const tampered = signToken(key, claims).replace(/\.[^.]+\./, `.${base64url({ ...claims, sub: '8' })}.`)
    expect(verifyToken(key, tampered, { now })).toBeNull()
    for (const garbage of ['', 'abc', 'a.b.c', '.'.repeat(3), 'é.é.é']) {
      expect(verifyToken(key, garbage, { now })).toBeNull()
    }
  })

  it('still opens the tokens fans hold from before fast-jwt (signed by jose)', () => {
    const login =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3IiwianRpIjoiNWIwYzNmNWUtMGQ3YS00YzUyLTlkM2UtMWYyYTNiNGM1ZDZlIiwiaWF0IjoxNzk1OTY4MDAwLCJleHAiOjE3OTU5NzE2MDB9.acYFh7Zh_R95HvB-Qjpbs6RN5eS7TvEL_LjmxA5PedI'
    expect(verifyToken(key, login, { now: IAT * 1000 })).toEqual({
      sub: '7',
      jti: '5b0c3f5e-0d7a-4c52-9d3e-1f2a3b4c5d6e',
      iat: IAT,
      exp: IAT + 3600,
    })
    const grant =
      'eyJhbGciOiJIUzI1NiJ9.eyJza2lwc1F1ZXVlIjp0cnVlLCJhdWQiOiJmYW5zaG9wOmFjY2Vzcy1ncmFudCIsInN1YiI6ImFjY2Vzcy1jb2RlOjMiLCJpYXQiOjE3OTU5NjgwMDAsImV4cCI6MTc5NjA1NDQwMH0.WSU5Jbq0Rhdc471IsV5dlrCJdvp0QMWS1nDw1cUBCKs'
    expect(verifyToken(key, grant, { now: IAT * 1000, audience: 'fanshop:access-grant' })?.skipsQueue).toBe(
      true,
    )
  })
})
