/**
 * The launch domain's keys, each derived (HKDF) from the server's signing secret for one purpose,
 * so that an access grant can never pass for a login token and code hashes need the secret too.
 */
import { hkdfSync, type webcrypto } from 'node:crypto'
import { hs256Key, signingKey } from '../accounts/sessions.ts'
import type { ShopContext } from '../context.ts'

export type LaunchKeyPurpose =
  | 'access-code-hash'
  | 'access-grant'
  | 'queue-ticket'
  | 'queue-pass'
  | 'queue-challenge'

/** The purposes whose key signs and checks a token (JWT). */
type TokenPurpose = Extract<LaunchKeyPurpose, 'access-grant' | 'queue-ticket' | 'queue-pass'>

type Config = ShopContext['config']

/** One value per configuration and purpose, computed on first use: keys are asked for on hot paths. */
function perPurpose<P extends string, V>(
  compute: (ctx: Pick<ShopContext, 'config'>, purpose: P) => Promise<V>,
) {
  const kept = new WeakMap<Config, Map<P, Promise<V>>>()
  return (ctx: Pick<ShopContext, 'config'>, purpose: P): Promise<V> => {
    const byPurpose = kept.get(ctx.config) ?? new Map<P, Promise<V>>()
    kept.set(ctx.config, byPurpose)
    let value = byPurpose.get(purpose)
    if (!value) {
      value = compute(ctx, purpose)
      byPurpose.set(purpose, value)
    }
    return value
  }
}

export const launchKey = perPurpose<LaunchKeyPurpose, Uint8Array>(
  async (ctx, purpose) =>
    new Uint8Array(hkdfSync('sha256', await signingKey(ctx), 'fanshop-launch', purpose, 32)),
)

/** The key a launch token of this purpose is signed and checked with (jose's HS256). */
export const launchTokenKey = perPurpose<TokenPurpose, webcrypto.CryptoKey>(async (ctx, purpose) =>
  hs256Key(await launchKey(ctx, purpose)),
)
