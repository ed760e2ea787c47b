/**
 * The audit log: every change staff make is written here (who, when, what, before and after) in
 * the same transaction as the change itself, so there is never a change without its entry.
 */
import type { AuditEntry } from '@fanshop/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Who made a change: a staff member, or the CLI (no id) under a name. */
export interface Actor {
  id: number | null
  email: string
}

export interface AuditChange {
  action: string
  entity: string
  entityId?: string | number | null
  before?: unknown
  after?: unknown
}

export async function recordAudit(
  db: Kysely<Database>,
  actor: Actor,
  at: number,
  change: AuditChange,
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      created_at: at,
      staff_id: actor.id,
      staff_email: actor.email,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId == null ? null : String(change.entityId),
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
    })
    .execute()
}

export interface AuditFilter {
  staff?: number
  action?: string
  entity?: string
  /** Epoch ms, inclusive. */
  from?: number
  /** Epoch ms, exclusive. */
  until?: number
  page: number
  perPage: number
}

export async function readAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ items: AuditEntry[]; total: number }> {
  let query = db.selectFrom('admin_audit')
  if (filter.staff !== undefined) query = query.where('staff_id', '=', filter.staff)
  if (filter.action !== undefined) query = query.where('action', '=', filter.action)
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity)
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from)
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until)
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(Number(row.created_at)).toISOString(),
      staffId: row.staff_id,
      staffEmail: row.staff_email,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
    })),
  }
}
