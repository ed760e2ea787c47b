/**
 * Values kept in the database that staff must read back but a copy of the database must not hand
 * out (staff TOTP secrets, access codes): sealed with AES-256-GCM under a key of their purpose. A
 * sealed value reads `v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'

export const isSealed = (stored: string) => stored.startsWith(`${VERSION}:`)

export function sealValue(key: Uint8Array, value: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':')
}

/** The value, or null when the stored one was altered, sealed with another key or is not sealed. */
export function openValue(key: Uint8Array, stored: string): string | null {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(':')
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}
