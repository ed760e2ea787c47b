/**
 * Staff TOTP secrets at rest: sealed (accounts/sealed-values.ts) before they reach staff_users, so
 * a copy of the database (a backup, a dump) hands out no one's second factor. The key is
 * STAFF_TOTP_KEY, or else one derived (HKDF) from the server's signing secret, which, unlike
 * SESSION_SECRET outside production, outlives the process. Secrets written before sealing existed
 * are sealed once at start.
 */
import { hkdfSync } from 'node:crypto'
import { isSealed, openValue, sealValue } from '../accounts/sealed-values.ts'
import { signingKey } from '../accounts/sessions.ts'
import { perConfig } from '../config.ts'
import type { ShopContext } from '../context.ts'

const totpKey = perConfig(async (config) =>
  config.STAFF_TOTP_KEY
    ? Buffer.from(config.STAFF_TOTP_KEY, 'base64')
    : Buffer.from(hkdfSync('sha256', await signingKey(config), 'fanshop-admin', 'staff-totp-secret', 32)),
)

export async function sealTotpSecret(ctx: Pick<ShopContext, 'config'>, secret: string): Promise<string> {
  return sealValue(await totpKey(ctx.config), secret)
}

/** The secret, or null when the stored value was altered, sealed with another key or is not sealed. */
export async function openTotpSecret(
  ctx: Pick<ShopContext, 'config'>,
  stored: string,
): Promise<string | null> {
  return openValue(await totpKey(ctx.config), stored)
}

/**
 * Seals the secrets stored in plain text (before this module existed). Each row is rewritten only
 * while it still holds the value read, so instances starting together do not seal twice.
 */
export async function sealPlainTotpSecrets(ctx: Pick<ShopContext, 'config' | 'db'>): Promise<number> {
  const rows = await ctx.db
    .selectFrom('staff_users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
    .execute()
  let sealed = 0
  for (const row of rows) {
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      const value = row[column]
      if (value === null || isSealed(value)) continue
      const result = await ctx.db
        .updateTable('staff_users')
        .set({ [column]: await sealTotpSecret(ctx, value) })
        .where('id', '=', row.id)
        .where(column, '=', value)
        .executeTakeFirst()
      sealed += Number(result.numUpdatedRows)
    }
  }
  return sealed
}
