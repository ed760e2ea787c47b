/**
 * The launch domain's keys, each derived (HKDF) from the server's signing secret for one purpose,
 * so that an access grant can never pass for a login token and code hashes need the secret too.
 */
import { hkdfSync } from 'node:crypto'
import { signingKey } from '../accounts/sessions.ts'
import { perConfig } from '../config.ts'

export type LaunchKeyPurpose =
  | 'access-code-hash'
  | 'access-grant'
  | 'queue-ticket'
  | 'queue-pass'
  | 'queue-challenge'

/** The launch key of one purpose. */
export const launchKey = perConfig(
  async (config, purpose: LaunchKeyPurpose) =>
    new Uint8Array(hkdfSync('sha256', await signingKey(config), 'fanshop-launch', purpose, 32)),
)
