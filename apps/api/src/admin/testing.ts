/**
 * Helpers the back office's tests share: the test app with every demo role logged in, staff login
 * through the real call, an endpoint called as the back office calls it, and the outbox's
 * invitations.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Endpoint, endpointPath, STAFF_ROLES, type StaffRole } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { createTestApp, type Injects, type TestApp, type TestAppOptions } from '../../tests/test-app.ts'
import { DEMO_STAFF } from '../demo/staff.ts'

/** The demo staff member of a role (demo/staff.ts). */
export const demoStaff = (role: StaffRole) => DEMO_STAFF.find((staff) => staff.role === role)!

/**
 * A test app (tests/test-app.ts) and a session cookie for each demo role, logged in through the
 * real call; `prepare` runs before the logins (seeding the demo staff, setting the clock).
 */
export async function createAdminTestApp(
  options: TestAppOptions = {},
  prepare?: (t: TestApp) => Promise<void> | void,
): Promise<{ t: TestApp; cookies: Record<StaffRole, string> }> {
  const t = await createTestApp(options)
  await prepare?.(t)
  const cookies = {} as Record<StaffRole, string>
  for (const role of STAFF_ROLES) {
    cookies[role] = await staffCookie(t.app, demoStaff(role).email, demoStaff(role).password)
  }
  return { t, cookies }
}

/** Logs in (and answers the session cookie, `name=value`); fails the test on anything else. */
export async function staffCookie(app: FastifyInstance, email: string, password: string, code?: string) {
  const res = await staffLogin(app, email, password, code)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().status).toBe('signed_in')
  return sessionCookieOf(res.headers['set-cookie'])
}

export function staffLogin(
  app: Injects,
  email: string,
  password: string,
  code?: string,
  ip = '198.51.100.9',
) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/session',
    headers: { 'x-forwarded-for': ip },
    payload: code === undefined ? { email, password } : { email, password, code },
  })
}

export function sessionCookieOf(header: string | string[] | number | undefined): string {
  const line = [header].flat().find((value) => String(value).startsWith('fanshop_admin='))
  expect(line).toBeDefined()
  return String(line).split(';')[0]!
}

/** The text of the newest outbox message to `address` (quoted-printable undone). */
export function outboxMessageTo(dataDir: string, address: string): string {
  const dir = path.join(dataDir, 'outbox')
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`-${address}.eml`))
    .sort()
  expect(files.length, `no mail to ${address}`).toBeGreaterThan(0)
  return fs
    .readFileSync(path.join(dir, files[files.length - 1]!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The invitation key in the newest mail to `address`. */
export function invitationKeyFor(dataDir: string, address: string): string {
  const match = /\/admin\/accept-invite\?key=([A-Za-z0-9_-]+)/.exec(outboxMessageTo(dataDir, address))
  expect(match).not.toBeNull()
  return match![1]!
}

/** What callEndpoint sends beside the endpoint. */
export interface EndpointCall {
  cookie?: string
  body?: unknown
  params?: Record<string, string | number>
  query?: string
}

/**
 * An endpoint of the table called through inject, as the back office calls it: its path with
 * `params` and then `query` (written without its `?`, left off when empty), the session cookie when
 * given, and a body (an object goes as JSON, FormData as multipart).
 */
export function callEndpoint(app: FastifyInstance, endpoint: Endpoint, options: EndpointCall = {}) {
  return app.inject({
    method: endpoint.method,
    url: endpointPath(endpoint, options.params) + (options.query ? `?${options.query}` : ''),
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  })
}
