/**
 * The launch domain's keys, each derived (HKDF) from the server's signing secret for one purpose,
 * so that an access grant can never pass for a login token and code hashes need the secret too.
 */
import { hkdfSync } from 'node:crypto'
import { signingKey } from '../accounts/sessions.ts'
import type { ShopContext } from '../context.ts'

export type LaunchKeyPurpose =
  | 'access-code-hash'
  | 'access-grant'
  | 'queue-ticket'
  | 'queue-pass'
  | 'queue-challenge'

export async function launchKey(
  ctx: Pick<ShopContext, 'config'>,
  purpose: LaunchKeyPurpose,
): Promise<Uint8Array> {
  return new Uint8Array(hkdfSync('sha256', await signingKey(ctx), 'fanshop-launch', purpose, 32))
}
