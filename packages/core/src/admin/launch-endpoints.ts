/**
 * The drop's settings in the back office (issue 12: "environment and, once it exists, the back
 * office"): the waiting room's switch, pre-queue, pace, cap of fans shopping at once, pass length
 * and proof-of-work difficulty. Saved in the database, they replace the QUEUE_* environment
 * variables, which stay the defaults until the first save. Apart from endpoints.ts so that the
 * back office's table of staff and audit calls stays as it is.
 */
import { z } from 'zod'
import { boundedNumber, checkbox, emptyAsNull } from '../input.ts'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'

/** The ranges an owner or manager may set; wider than sensible on purpose, narrower than harmful. */
export const QUEUE_SETTING_LIMITS = {
  preQueueMinutes: { min: 0, max: 1440 },
  ratePerMinute: { min: 1, max: 1_000_000 },
  maxShopping: { min: 1, max: 1_000_000 },
  passMinutes: { min: 1, max: 240 },
  powMaxNumber: { min: 1000, max: 10_000_000 },
} as const

const limited = (name: keyof typeof QUEUE_SETTING_LIMITS) =>
  boundedNumber(QUEUE_SETTING_LIMITS[name].min, QUEUE_SETTING_LIMITS[name].max)

export const queueSettingsSchema = z.object({
  /** The waiting room on (true) or off. */
  enabled: z.boolean({ error: 'must be on or off' }),
  /** Minutes before the launch that fans may start waiting. */
  preQueueMinutes: limited('preQueueMinutes'),
  /** Fans let in per minute. */
  ratePerMinute: limited('ratePerMinute'),
  /** The most fans shopping at once (passes alive); null (or empty) for no cap. */
  maxShopping: emptyAsNull(limited('maxShopping').nullable()),
  /** Minutes a pass lets its holder open a cart. */
  passMinutes: limited('passMinutes'),
  /** The proof-of-work's difficulty (ALTCHA's maxnumber). */
  powMaxNumber: limited('powMaxNumber'),
})
export type QueueSettingsForm = z.output<typeof queueSettingsSchema>

/** The same fields as the back office's form posts them: the waiting room's switch is a checkbox. */
export const queueSettingsFormSchema = queueSettingsSchema.extend({ enabled: checkbox })

export const queueSettingsAnswerSchema = z.object({
  data: z.object({
    settings: queueSettingsSchema,
    /** Where the queue takes its settings from now. */
    source: z.enum(['environment', 'back office']),
    /** ISO 8601 of the last save, and who saved; null before any. */
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  }),
})
export type QueueSettingsAnswer = z.output<typeof queueSettingsAnswerSchema>

export const adminLaunchEndpoints = {
  queueSettings: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/launch/queue',
    tags: ADMIN_TAGS,
    summary:
      'The drop’s waiting-room settings in force, and whether they come from the environment or a save',
    permission: 'launch',
    responses: { 200: queueSettingsAnswerSchema },
  }),
  saveQueueSettings: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/launch/queue',
    tags: ADMIN_TAGS,
    summary: 'Saves the drop’s waiting-room settings; every instance follows them within seconds (audited)',
    permission: 'launch',
    body: queueSettingsSchema,
    responses: { 200: queueSettingsAnswerSchema },
  }),
}
