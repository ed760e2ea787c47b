/**
 * Access codes that open the shop before the launch: looked up by keyed hash, kept sealed for the
 * back office to show, limited in uses and in time, and disabled by staff at will. Redeeming is one conditional write, so a code with one use left opens the shop
 * for exactly one visitor even when several enter it at once, on any number of servers.
 */
import { createHmac } from 'node:crypto'
import { normaliseAccessCode } from '@fanshop/core'
import { openValue, sealValue } from '../accounts/sealed-values.ts'
import type { ShopContext } from '../context.ts'
import { launchKey } from './keys.ts'

type LaunchContext = Pick<ShopContext, 'config' | 'db' | 'now'>

export async function hashAccessCode(ctx: Pick<ShopContext, 'config'>, code: string): Promise<string> {
  return createHmac('sha256', await launchKey(ctx.config, 'access-code-hash'))
    .update(normaliseAccessCode(code))
    .digest('hex')
}

export interface NewAccessCode {
  code: string
  label: string
  maxUses: number | null
  expiresAt: number | null
  /** The code also lets its holder past the drop's waiting room (press, VIP). */
  skipsQueue?: boolean
}

export async function createAccessCode(ctx: LaunchContext, code: NewAccessCode): Promise<number> {
  const row = await ctx.db
    .insertInto('access_codes')
    .values({
      code_hash: await hashAccessCode(ctx, code.code),
      label: code.label,
      max_uses: code.maxUses,
      uses: 0,
      expires_at: code.expiresAt,
      created_at: ctx.now(),
      skips_queue: code.skipsQueue ? 1 : 0,
      code_sealed: sealValue(await launchKey(ctx.config, 'access-code-seal'), normaliseAccessCode(code.code)),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The code a sealed value holds; null for none, or one sealed under another secret. */
export async function openAccessCode(ctx: Pick<ShopContext, 'config'>, sealed: string | null) {
  return sealed === null ? null : openValue(await launchKey(ctx.config, 'access-code-seal'), sealed)
}

export type RedeemResult =
  | { ok: true; codeId: number; skipsQueue: boolean; expiresAt: number | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'used-up' }

/** Uses one entry of the code, when it exists, is enabled, has not expired and has a use left. */
export async function redeemAccessCode(ctx: LaunchContext, code: string): Promise<RedeemResult> {
  const now = ctx.now()
  const row = await ctx.db
    .selectFrom('access_codes')
    .select(['id', 'skips_queue', 'expires_at'])
    .where('code_hash', '=', await hashAccessCode(ctx, code))
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'unknown' }
  const updated = await ctx.db
    .updateTable('access_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', row.id)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 1)
    return {
      ok: true,
      codeId: row.id,
      skipsQueue: row.skips_queue === 1,
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    }
  const current = await ctx.db
    .selectFrom('access_codes')
    .select(['expires_at', 'disabled_at'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  if (current.disabled_at !== null) return { ok: false, reason: 'unknown' }
  return {
    ok: false,
    reason: current.expires_at !== null && current.expires_at <= now ? 'expired' : 'used-up',
  }
}
