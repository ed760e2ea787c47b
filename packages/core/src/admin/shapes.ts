/** What the back office's API takes and answers (staff, sessions, invitations, audit, dashboard). */
import { z } from 'zod'
import { isoDate } from '../dates.ts'
import { emailAddress } from '../email.ts'
import { idParam, pageParam, perPageParam, text } from '../input.ts'
import { PERMISSIONS, staffRoleSchema } from './roles.ts'

/** Staff passwords: long enough that a stolen hash is no shortcut (NIST 800-63B asks 8 at least). */
export const STAFF_PASSWORD_MIN = 12
export const STAFF_PASSWORD_MAX = 200

export const staffEmailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(emailAddress('must be an e-mail address'))

export const staffPasswordSchema = text()
  .min(STAFF_PASSWORD_MIN, `must be at least ${STAFF_PASSWORD_MIN} characters`)
  .max(STAFF_PASSWORD_MAX, `must be at most ${STAFF_PASSWORD_MAX} characters`)

/** A code of an authenticator app (RFC 6238, six digits). */
export const totpCodeSchema = text()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows')

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  totpEnabled: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Open (not revoked, not expired) sessions. */
  activeSessions: z.number().int(),
  /** ISO 8601 when the owner deactivated the account (it cannot log in), or null. */
  deactivatedAt: z.string().nullable(),
})
export type Staff = z.output<typeof staffSchema>

export const staffMeSchema = z.object({
  staff: staffSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
})
export type StaffMe = z.output<typeof staffMeSchema>

export const staffLoginSchema = z.object({
  email: staffEmailSchema,
  password: text()
    .min(1, 'is required')
    .max(STAFF_PASSWORD_MAX, `must be at most ${STAFF_PASSWORD_MAX} characters`),
  code: totpCodeSchema.optional(),
})

/** A password that is right for an account with TOTP asks for the code before a session opens. */
export const staffLoginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), me: staffMeSchema }),
  z.object({ status: z.literal('code_required') }),
])

export const invitationRequestSchema = z.object({ email: staffEmailSchema, role: staffRoleSchema })
export const invitationSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  /** ISO 8601: the link works until then, once. */
  expiresAt: z.string(),
})

/** An invitation's key that is unknown, used, expired or too long to be one. */
export const INVITATION_INVALID_MESSAGE =
  'This invitation link is invalid, has been used already or has expired. Please ask the owner for a new one.'

/** What a deactivated member's login answers, once their password (and code) are right (403). */
export const STAFF_DEACTIVATED_MESSAGE =
  'This staff account has been deactivated. Ask the shop’s owner if you need access again.'

/** An invitation still waiting: not used, not expired, not withdrawn. */
export const pendingInvitationSchema = invitationSchema.extend({
  /** The e-mail of the staff member who sent it; null for the create-owner command. */
  invitedBy: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
})
export type PendingInvitation = z.output<typeof pendingInvitationSchema>

export const invitationEmailParams = z.object({ email: staffEmailSchema })
export const withdrawnInvitationsSchema = z.object({ withdrawn: z.number().int() })

export const acceptInvitationSchema = z.object({
  key: text().min(1, 'is required').max(200, INVITATION_INVALID_MESSAGE),
  name: text().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  password: staffPasswordSchema,
})

export const totpSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth:// URI, for a QR code. */
  uri: z.string(),
})

export const roleChangeSchema = z.object({ role: staffRoleSchema })
export const staffStatusSchema = z.object({
  deactivated: z.boolean({ error: 'must be true (deactivate) or false (reactivate)' }),
})
export const staffIdParams = z.object({ id: idParam() })
export const revokedSessionsSchema = z.object({ revoked: z.number().int() })

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEntry = z.output<typeof auditEntrySchema>

export const auditQuerySchema = z.object({
  staff: idParam().optional().describe('Only the changes of this staff member'),
  action: text()
    .max(60, 'must be at most 60 characters')
    .optional()
    .describe('Only this action, e.g. staff.role'),
  entity: text()
    .max(60, 'must be at most 60 characters')
    .optional()
    .describe('Only changes to this kind of thing, e.g. staff'),
  from: isoDate.optional().describe('From this day (UTC), inclusive'),
  to: isoDate.optional().describe('To this day (UTC), inclusive'),
  page: pageParam,
  per_page: perPageParam(100, 50),
})

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
})

const salesFigure = z.object({ orders: z.number().int(), sales: z.number().int() })

/** Stock at or below this many available units counts as low on the dashboard. */
export const LOW_STOCK_THRESHOLD = 5

export const dashboardSchema = z.object({
  /** Placed orders and their totals in cents: since midnight (UTC) and over the last 30 days. */
  today: salesFigure,
  last30Days: salesFigure,
  /** Per day of the last 30 days (UTC, oldest first), for the chart. */
  byDay: z.array(z.object({ day: z.string(), orders: z.number().int(), sales: z.number().int() })),
  waitingForFulfilment: z.number().int(),
  lowStock: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      onHand: z.number().int(),
      held: z.number().int(),
      sold: z.number().int(),
      available: z.number().int(),
    }),
  ),
})
export type Dashboard = z.output<typeof dashboardSchema>
