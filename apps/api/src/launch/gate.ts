/**
 * The server side of the shopping gate (spec 4): the one check point every cart write passes.
 * Before LAUNCH_AT only visitors holding an access grant (x-access-grant) may shop; from then on everyone.
 */
import { ACCESS_GRANT_HEADER, isShoppingAllowed } from '@fanshop/core'
import type { FastifyRequest } from 'fastify'
import { launchAtOf } from '../config.ts'
import type { ShopContext } from '../context.ts'
import { forbidden } from '../http/errors.ts'
import { isValidAccessGrant } from './grant.ts'

/** Whether this request carries a valid access grant (a visitor who entered a valid code). */
async function hasAccessGrant(ctx: ShopContext, request: FastifyRequest): Promise<boolean> {
  const grant = request.headers[ACCESS_GRANT_HEADER]
  return typeof grant === 'string' && grant.length > 0 && (await isValidAccessGrant(ctx, grant))
}

/** Throws 403 with a clear message when shopping is not open to this visitor yet. */
export async function assertShoppingAllowed(ctx: ShopContext, request: FastifyRequest): Promise<void> {
  const launchAt = launchAtOf(ctx.config)
  const now = ctx.now()
  if (now >= launchAt) return
  if (isShoppingAllowed({ now, launchAt, allowedToShop: await hasAccessGrant(ctx, request) })) return
  throw forbidden('The shop is not open yet. Enter your access code to shop before the launch.')
}
