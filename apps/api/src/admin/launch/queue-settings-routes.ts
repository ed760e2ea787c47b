/**
 * The drop's waiting-room settings in the back office (owner and manager: the 'launch'
 * permission): read what is in force, and save new settings, which every instance follows within
 * SETTINGS_CACHE_MS. A save and its audit entry are one transaction.
 */
import { adminLaunchEndpoints, type QueueSettingsAnswer, type QueueSettingsForm } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { inTransaction, type ShopContext } from '../../context.ts'
import { forgetQueueInForce, queueSettingsForm, savedQueueSettings } from '../../launch/queue-settings.ts'
import { recordAudit } from '../audit.ts'
import { adminRoute, staffOf } from '../guard.ts'
import { actorOf } from '../staff.ts'

async function answer(ctx: ShopContext): Promise<QueueSettingsAnswer> {
  const row = await savedQueueSettings(ctx)
  return {
    data: {
      settings: queueSettingsForm(ctx.config, row),
      source: row ? 'back office' : 'environment',
      updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
      updatedBy: row?.updated_by ?? null,
    },
  }
}

const columns = (settings: QueueSettingsForm) => ({
  enabled: settings.enabled ? 1 : 0,
  pre_queue_minutes: settings.preQueueMinutes,
  rate_per_minute: settings.ratePerMinute,
  max_shopping: settings.maxShopping,
  pass_minutes: settings.passMinutes,
  pow_max_number: settings.powMaxNumber,
})

export default async function queueSettingsRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminLaunchEndpoints.queueSettings, async () => answer(ctx))

  adminRoute(app, adminLaunchEndpoints.saveQueueSettings, async (request) => {
    const actor = actorOf(staffOf(request).staff)
    const now = ctx.now()
    await ctx.db.transaction().execute(async (trx) => {
      // PostgreSQL runs two saves one after the other too (SQLite's write transactions do anyway):
      // else the first two both insert the row, and the second answers 500, and a save's audit
      // entry can say it replaced settings that another save had replaced already.
      if (ctx.database.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext('queue_settings'))`.execute(trx)
      }
      const before = await savedQueueSettings(inTransaction(ctx, trx))
      const saved = { ...columns(request.body), updated_at: now, updated_by: actor.email }
      if (before) await trx.updateTable('queue_settings').set(saved).where('id', '=', 1).execute()
      else
        await trx
          .insertInto('queue_settings')
          .values({ id: 1, ...saved })
          .execute()
      await recordAudit(trx, actor, now, {
        action: 'launch.queue',
        entity: 'queue_settings',
        entityId: 1,
        before: queueSettingsForm(ctx.config, before),
        after: request.body,
      })
    })
    forgetQueueInForce(ctx)
    return answer(ctx)
  })
}
