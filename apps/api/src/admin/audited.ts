/**
 * A back office change to one record, made the one way the plugins of issue 11 (categories,
 * coupons, size guides) all made it by hand: in one transaction, the record read as the log keeps
 * it before (unless it is new) and after (unless it is gone), the audit entry `<entity>.<verb>`
 * with both, and the record as it now is answered.
 */
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { type Actor, recordAudit } from './audit.ts'
import { staffOf } from './guard.ts'
import { actorOf } from './staff.ts'

type Db = Kysely<Database>

/** A kind of record staff change: its audit entity and how to read one as the log and the answer show it. */
export interface AuditedRecord<T> {
  entity: string
  read: (db: Db, id: number) => Promise<T>
}

/** Who makes a change and when. */
export interface Change {
  actor: Actor
  at: number
}

/** The change a back office route's staff member makes now. */
export const changeBy = (ctx: Pick<ShopContext, 'now'>, request: FastifyRequest): Change => ({
  actor: actorOf(staffOf(request).staff),
  at: ctx.now(),
})

/** `insert` writes the record and answers its id; the entry keeps the record after. */
export function createAudited<T>(
  db: Db,
  change: Change,
  record: AuditedRecord<T>,
  insert: (trx: Db) => Promise<number>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const id = await insert(trx)
    const after = await record.read(trx, id)
    await recordAudit(trx, change.actor, change.at, {
      action: `${record.entity}.create`,
      entity: record.entity,
      entityId: id,
      after,
    })
    return after
  })
}

/** `write` changes record `id` knowing how it was; the entry keeps it before and after. */
export function updateAudited<T>(
  db: Db,
  change: Change,
  record: AuditedRecord<T>,
  verb: string,
  id: number,
  write: (trx: Db, before: T) => Promise<unknown>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const before = await record.read(trx, id)
    await write(trx, before)
    const after = await record.read(trx, id)
    await recordAudit(trx, change.actor, change.at, {
      action: `${record.entity}.${verb}`,
      entity: record.entity,
      entityId: id,
      before,
      after,
    })
    return after
  })
}

/** `remove` deletes record `id` knowing how it was (or throws why not); the entry keeps it before. */
export function deleteAudited<T>(
  db: Db,
  change: Change,
  record: AuditedRecord<T>,
  id: number,
  remove: (trx: Db, before: T) => Promise<unknown>,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await record.read(trx, id)
    await remove(trx, before)
    await recordAudit(trx, change.actor, change.at, {
      action: `${record.entity}.delete`,
      entity: record.entity,
      entityId: id,
      before,
    })
  })
}
