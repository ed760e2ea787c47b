/**
 * What the back office's access code calls take and answer: codes that open the shop before the
 * launch (/entercode), each with a use limit, an expiry and whether it skips the drop's waiting
 * room, and the one rule for a code's status. A code is disabled rather than deleted, so the
 * grants it gave and the audit log keep their meaning.
 */
import { z } from 'zod'
import { isoInstant } from '../dates.ts'
import { boundedNumber, checkbox, emptyAsNull, idParam, text } from '../input.ts'
import { accessCodeSchema } from '../launch/access-code.ts'

export const accessCodeIdParams = z.object({ id: idParam() })

/** The largest use limit: far above any real drop, inside a database integer. */
export const ACCESS_CODE_USES_MAX = 1_000_000

/** What staff may change of a code (its text stays: holders have it already). */
export const accessCodeChangeSchema = z.object({
  /** What the code is for, for the team ("Press preview"). */
  label: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  /** Visitors who may enter it; null (or empty): no limit. */
  maxUses: emptyAsNull(boundedNumber(1, ACCESS_CODE_USES_MAX).nullable()).default(null),
  /** ISO 8601 with offset; null (or empty): never expires. The grants it gives end then too. */
  expiresAt: emptyAsNull(isoInstant.nullable()).default(null),
  /** Its holders also go past the drop's waiting room (press, VIP). */
  skipsQueue: z.boolean({ error: 'must be on or off' }).default(false),
})
export type AccessCodeChange = z.output<typeof accessCodeChangeSchema>

export const accessCodeInputSchema = accessCodeChangeSchema.extend({ code: accessCodeSchema })
export type AccessCodeInput = z.output<typeof accessCodeInputSchema>

/** The same fields as the back office's form posts them: the waiting-room skip is a checkbox. */
export const accessCodeChangeFormSchema = accessCodeChangeSchema.extend({ skipsQueue: checkbox })
export const accessCodeInputFormSchema = accessCodeInputSchema.extend({ skipsQueue: checkbox })

export const ACCESS_CODE_STATUSES = ['active', 'expired', 'used up', 'disabled'] as const
export type AccessCodeStatus = (typeof ACCESS_CODE_STATUSES)[number]

export const adminAccessCodeSchema = z.object({
  id: z.number().int(),
  /** The code as staff created it; null for a code made before codes were kept (only its hash is). */
  code: z.string().nullable(),
  label: z.string(),
  maxUses: z.number().int().nullable(),
  /** Visitors who entered it. */
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  skipsQueue: z.boolean(),
  disabled: z.boolean(),
  status: z.enum(ACCESS_CODE_STATUSES),
  createdAt: z.string(),
})
export type AdminAccessCode = z.output<typeof adminAccessCodeSchema>

export const accessCodeListSchema = z.object({ items: z.array(adminAccessCodeSchema) })

/** Where a code stands at `now` (epoch ms); its expiry is epoch ms or null. */
export function accessCodeStatus(
  code: { disabled: boolean; expiresAt: number | null; maxUses: number | null; uses: number },
  now: number,
): AccessCodeStatus {
  if (code.disabled) return 'disabled'
  if (code.expiresAt !== null && code.expiresAt <= now) return 'expired'
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used up'
  return 'active'
}
