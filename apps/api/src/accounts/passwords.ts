/**
 * Password hashing with argon2id (@node-rs/argon2's defaults: argon2id, 19 MiB, 2 passes,
 * 1 lane: the OWASP recommendation). A login for an unknown e-mail still verifies against a
 * fixed hash, so the answer takes as long as for a real account and reveals nothing.
 *
 * What is hashed is the password in core's one form (normalizePassword, NFKC), so it works
 * however a keyboard writes its accents. A hash stored before that was made of the password as
 * typed: it still matches it as typed, and the caller then stores the normalised hash instead.
 */
import { normalizePassword } from '@fanshop/core'
import { hash, verify } from '@node-rs/argon2'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password))
}

let decoyHash: Promise<string> | undefined

/**
 * Whether the password matches: true, false, or 'unnormalised' when it matches only as typed (a
 * hash from before passwords were normalised: store `hashPassword(password)` in its place). With
 * no hash (unknown user, or no password set) always false, after the same work.
 */
export type PasswordMatch = boolean | 'unnormalised'

export async function verifyPassword(passwordHash: string | null, password: string): Promise<PasswordMatch> {
  const normalised = normalizePassword(password)
  if (passwordHash === null) {
    decoyHash ??= hash('decoy password that matches nothing')
    const decoy = await decoyHash
    await verify(decoy, normalised)
    if (normalised !== password) await verify(decoy, password)
    return false
  }
  if (await verify(passwordHash, normalised)) return true
  return normalised !== password && (await verify(passwordHash, password)) ? 'unnormalised' : false
}

/**
 * After a login whose password matched only as typed: the row's hash becomes the normalised
 * password's, unless the password changed meanwhile (then the change stands).
 */
export async function storeNormalisedHash(
  db: Kysely<Database>,
  table: 'users' | 'staff_users',
  row: { id: number; password_hash: string | null },
  password: string,
): Promise<void> {
  if (row.password_hash === null) return
  const passwordHash = await hashPassword(password)
  await db
    .updateTable(table)
    .set({ password_hash: passwordHash })
    .where('id', '=', row.id)
    .where('password_hash', '=', row.password_hash)
    .execute()
}
