/**
 * The waiting room's settings in force: those saved from the back office (the `queue_settings`
 * row) or, until the first save, the QUEUE_* environment variables. Read through the database so
 * that every instance follows a save, and kept per instance for SETTINGS_CACHE_MS so the cart's
 * hot path (every write passes the queue's gate) does not pay a query for them.
 */
import { keptRead, type QueueSettings, type QueueSettingsForm, queueSettings } from '@fanshop/core'
import type { Selectable } from 'kysely'
import { type Config, launchAtOf, perConfig } from '../config.ts'
import type { ShopContext } from '../context.ts'
import type { QueueSettingsTable } from './tables.ts'

type SettingsContext = Pick<ShopContext, 'config' | 'db'>

/** How stale an instance's copy of the settings may be after another instance saved. */
export const SETTINGS_CACHE_MS = 2000

export interface QueueInForce {
  /** The queue's schedule; null when the waiting room is off. */
  settings: QueueSettings | null
  /** The proof-of-work's difficulty (ALTCHA's maxnumber). */
  powMaxNumber: number
}

type SavedRow = Selectable<QueueSettingsTable>

/** The queue from the environment, worked out once per configuration. */
const environmentQueue = perConfig(
  (config): QueueInForce => ({
    settings: queueSettings({
      launchAt: launchAtOf(config),
      preQueueMinutes: config.QUEUE_OPENS_MINUTES_BEFORE,
      ratePerMinute: config.QUEUE_RATE_PER_MINUTE,
      maxShopping: config.QUEUE_MAX_SHOPPING,
      passMinutes: config.QUEUE_PASS_MINUTES,
    }),
    powMaxNumber: config.QUEUE_POW_MAX_NUMBER,
  }),
)

function savedQueue(config: Config, row: SavedRow): QueueInForce {
  return {
    settings: row.enabled
      ? queueSettings({
          launchAt: launchAtOf(config),
          preQueueMinutes: row.pre_queue_minutes,
          ratePerMinute: row.rate_per_minute,
          maxShopping: row.max_shopping ?? undefined,
          passMinutes: row.pass_minutes,
        })
      : null,
    powMaxNumber: row.pow_max_number,
  }
}

/** The saved row, or undefined before the first save. */
export const savedQueueSettings = (ctx: SettingsContext) =>
  ctx.db.selectFrom('queue_settings').selectAll().where('id', '=', 1).executeTakeFirst()

/** The waiting room in force on this instance: at most SETTINGS_CACHE_MS behind the database. */
const queueRead = keptRead({ ms: SETTINGS_CACHE_MS, sourceOf: ({ db }: SettingsContext) => db }, (ctx) =>
  savedQueueSettings(ctx).then((row) => (row ? savedQueue(ctx.config, row) : environmentQueue(ctx.config))),
)

export const queueInForce = (ctx: SettingsContext): Promise<QueueInForce> => queueRead(ctx)

/** Forgets this instance's copy, after it saved new settings itself. */
export const forgetQueueInForce = (ctx: SettingsContext): void => queueRead.forget(ctx)

/** The rate the form offers while the queue is off and the environment names none. */
const DEFAULT_RATE_SHOWN = 60

/** The settings as the back office shows them: the saved row, or the environment's values. */
export function queueSettingsForm(config: Config, row: SavedRow | undefined): QueueSettingsForm {
  if (row) {
    return {
      enabled: row.enabled === 1,
      preQueueMinutes: row.pre_queue_minutes,
      ratePerMinute: row.rate_per_minute,
      maxShopping: row.max_shopping,
      passMinutes: row.pass_minutes,
      powMaxNumber: row.pow_max_number,
    }
  }
  // The environment allows fractions where the form takes whole numbers: shown rounded.
  return {
    enabled: config.QUEUE_RATE_PER_MINUTE !== undefined,
    preQueueMinutes: Math.round(config.QUEUE_OPENS_MINUTES_BEFORE),
    ratePerMinute: Math.max(1, Math.round(config.QUEUE_RATE_PER_MINUTE ?? DEFAULT_RATE_SHOWN)),
    maxShopping: config.QUEUE_MAX_SHOPPING ?? null,
    passMinutes: Math.max(1, Math.round(config.QUEUE_PASS_MINUTES)),
    powMaxNumber: Math.max(1000, config.QUEUE_POW_MAX_NUMBER),
  }
}
