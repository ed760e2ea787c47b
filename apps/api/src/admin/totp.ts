/**
 * The optional second factor of staff accounts: RFC 6238 codes (6 digits, 30 s, SHA-1, what
 * every authenticator app reads) through otpauth. A code is accepted one step either side of now
 * and only once: the step it matched is kept, and a code of that step or an earlier one is refused.
 */
import { Secret, TOTP } from 'otpauth'

const ISSUER = 'Fan shop back office'

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret) })
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString()
}

/** The time step the code matches, or null when it is wrong or not newer than `lastStep`. */
export function matchTotp(
  secret: string,
  email: string,
  code: string,
  now: number,
  lastStep: number | null,
): number | null {
  const totp = totpOf(secret, email)
  const delta = totp.validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return null
  const step = totp.counter({ timestamp: now }) + delta
  return lastStep !== null && step <= lastStep ? null : step
}
