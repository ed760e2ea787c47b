/**
 * Registers a back office route from its endpoint in core's admin table with the check the table
 * names, as a hook of that route alone: a staff session (401 without one; a customer's Bearer token is not one)
 * and the endpoint's permission for the staff member's role (403). State-changing calls sent by
 * another site are refused too (403), beside the cookie's SameSite=Strict.
 */
import { type AdminEndpoint, ROLE_REFUSED_MESSAGE, roleCan } from '@fanshop/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../http/errors.ts'
import { STAFF_SESSION_SCHEME } from '../http/openapi.ts'
import { type EndpointHandler, route } from '../http/route.ts'
import { findStaffSession, type StaffSession } from './staff-sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session a back office route's preHandler found. */
    staffSession?: StaffSession
  }
}

/** A post another site made the browser send: the browser says so, or its Origin is not ours. */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  try {
    return new URL(origin).host !== request.host
  } catch {
    return true
  }
}

/** The session the guard found; only for routes whose permission is not 'public'. */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw unauthorized()
  return request.staffSession
}

export function adminRoute<E extends AdminEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
) {
  const ctx = app.shop
  const security = endpoint.permission === 'public' ? [] : [{ [STAFF_SESSION_SCHEME]: [] }]
  route(
    app,
    endpoint,
    handler,
    {
      // onRequest, before the body is read: who may call comes before what they sent.
      onRequest: async (request) => {
        if (endpoint.method !== 'GET' && fromAnotherSite(request)) {
          throw forbidden('The back office takes changes only from its own pages.')
        }
        if (endpoint.permission === 'public') return
        const session = await findStaffSession(ctx, request)
        if (!session) throw unauthorized('Please log in to the back office.')
        if (endpoint.permission !== null && !roleCan(session.staff.role, endpoint.permission)) {
          throw forbidden(ROLE_REFUSED_MESSAGE)
        }
        request.staffSession = session
      },
    },
    security,
  )
}
