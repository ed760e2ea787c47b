/**
 * Password hashing with argon2id (@node-rs/argon2's defaults: argon2id, 19 MiB, 2 passes,
 * 1 lane: the OWASP recommendation). A login for an unknown e-mail still verifies against a
 * fixed hash, so the answer takes as long as for a real account and reveals nothing.
 */
import { hash, verify } from '@node-rs/argon2'

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

let decoyHash: Promise<string> | undefined

/** True when the password matches; with no hash (unknown user, or no password set) always false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= hash('decoy password that matches nothing')
    await verify(await decoyHash, password)
    return false
  }
  return verify(passwordHash, password)
}
