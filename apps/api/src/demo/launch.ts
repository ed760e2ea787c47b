/**
 * Demo access codes (listed in the README): FAN24 opens the shop for anyone who has it, PRESS for
 * 50 visitors, VIP01 for one (both also skip the drop's waiting room), and OLD20 has expired.
 * Stored as every code is: hashed for entry, sealed for the back office to show.
 */

import { createAccessCode, type NewAccessCode } from '../launch/access-codes.ts'
import type { SeedContext } from './seed.ts'

const DAY_MS = 86_400_000

export async function seedLaunch(ctx: SeedContext): Promise<void> {
  const now = ctx.now()
  const codes: NewAccessCode[] = [
    { code: 'FAN24', label: 'Fan club: open to every member', maxUses: null, expiresAt: null },
    { code: 'PRESS', label: 'Press preview', maxUses: 50, expiresAt: null, skipsQueue: true },
    { code: 'VIP01', label: 'One guest of the team', maxUses: 1, expiresAt: null, skipsQueue: true },
    { code: 'OLD20', label: 'Last season’s preview (expired)', maxUses: null, expiresAt: now - DAY_MS },
  ]
  for (const code of codes) await createAccessCode(ctx, code)
}
