/**
 * The visitor's access grant (from a valid code on /entercode), kept in the visitor's session
 * cookie and sent to the store API with every cart write (x-access-grant), where the launch gate
 * checks it. Cart calls spread `accessGrantHeaders(context)` into their API call.
 */
import { ACCESS_GRANT_HEADER, QUEUE_PASS_HEADER } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { visitorOf } from '../site/visitor.server.ts'
import { readQueuePass } from './queue.server.ts'

export function readAccessGrant(context: AppLoadContext): string | null {
  return visitorOf(context).session.accessGrant?.value ?? null
}

/**
 * The headers that let this visitor's cart writes through the launch gate (their access grant)
 * and the drop's waiting room (their admission pass); empty without either.
 */
export function accessGrantHeaders(context: AppLoadContext): Record<string, string> {
  const grant = readAccessGrant(context)
  const pass = readQueuePass(context)
  return {
    ...(grant ? { [ACCESS_GRANT_HEADER]: grant } : {}),
    ...(pass ? { [QUEUE_PASS_HEADER]: pass } : {}),
  }
}

/** Keeps a grant until it expires. */
export function keepAccessGrant(context: AppLoadContext, grant: { grant: string; expiresAt: number }): void {
  visitorOf(context).update({ accessGrant: { value: grant.grant, expiresAt: grant.expiresAt } })
}
