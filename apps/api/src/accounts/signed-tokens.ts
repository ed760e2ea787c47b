/**
 * The shop's signed tokens, HS256 JWTs: login tokens (accounts) and the launch's access grants,
 * waiting-room tickets and passes. One place signs and checks them all, with fast-jwt on Node's
 * HMAC: 8 µs a check where jose over WebCrypto took 64 µs, and a check runs on every logged-in
 * request and, with the waiting room on, on every cart write (docs/performance-log.md).
 */
import { createSigner, createVerifier, TokenError } from 'fast-jwt'

/** What the shop writes into a token: times in epoch seconds, as JWTs carry them. */
export interface TokenClaims {
  sub: string
  iat: number
  exp: number
  aud?: string
  jti?: string
  [claim: string]: unknown
}

const secretOf = (key: Uint8Array) => Buffer.from(key.buffer, key.byteOffset, key.byteLength)

/** Signs the claims with the key (HS256). */
export function signToken(key: Uint8Array, claims: TokenClaims): string {
  return createSigner({ key: secretOf(key), algorithm: 'HS256' })(claims)
}

/**
 * The token's claims when the key signed it, it carries the audience asked for (if any) and it has
 * not expired at `now` (epoch ms); null otherwise, whatever is wrong with it. A token stops at its
 * `exp` instant (RFC 7519: not accepted on or after it): fast-jwt accepts the very millisecond of
 * `exp`, hence the clock read one millisecond on.
 */
export function verifyToken(
  key: Uint8Array,
  token: string,
  check: { now: number; audience?: string },
): TokenClaims | null {
  const verify = createVerifier({
    key: secretOf(key),
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
    clockTimestamp: check.now + 1,
    ...(check.audience ? { allowedAud: check.audience } : {}),
  })
  try {
    return verify(token) as TokenClaims
  } catch (error) {
    if (error instanceof TokenError) return null
    throw error
  }
}
