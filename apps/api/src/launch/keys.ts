/**
 * The launch domain's keys, each derived (HKDF) from the server's signing secret for one purpose,
 * so that an access grant can never pass for a login token and code hashes need the secret too.
 * Its tokens (access grants, waiting-room tickets and passes) are signed under their purpose's key
 * with their purpose as audience (`fanshop:<purpose>`), so none passes for another.
 */
import { hkdfSync } from 'node:crypto'
import { signingKey } from '../accounts/sessions.ts'
import { signToken, type TokenClaims, verifyToken } from '../accounts/signed-tokens.ts'
import { perConfig } from '../config.ts'
import type { ShopContext } from '../context.ts'

export type LaunchKeyPurpose =
  | 'access-code-hash'
  | 'access-code-seal'
  | 'access-grant'
  | 'queue-ticket'
  | 'queue-pass'
  | 'queue-challenge'

/** The launch key of one purpose. */
export const launchKey = perConfig(
  async (config, purpose: LaunchKeyPurpose) =>
    new Uint8Array(hkdfSync('sha256', await signingKey(config), 'fanshop-launch', purpose, 32)),
)

/** The purposes whose key signs a token. */
type TokenPurpose = Extract<LaunchKeyPurpose, 'access-grant' | 'queue-ticket' | 'queue-pass'>

/** What signing and checking a launch token needs. */
export type TokenContext = Pick<ShopContext, 'config' | 'now'>

const audienceOf = (purpose: TokenPurpose) => `fanshop:${purpose}`

/** A launch token of this purpose, issued now, carrying `claims` (its subject and expiry among them). */
export async function signLaunchToken(
  ctx: TokenContext,
  purpose: TokenPurpose,
  claims: { sub: string; exp: number; [claim: string]: unknown },
): Promise<string> {
  return signToken(await launchKey(ctx.config, purpose), {
    ...claims,
    aud: audienceOf(purpose),
    iat: Math.floor(ctx.now() / 1000),
  })
}

/** The claims of a launch token of this purpose, or null when it is forged, foreign or expired. */
export async function verifyLaunchToken(
  ctx: TokenContext,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenClaims | null> {
  return verifyToken(await launchKey(ctx.config, purpose), token, {
    now: ctx.now(),
    audience: audienceOf(purpose),
  })
}
