/**
 * Helpers the account tests share: a valid registration, logging in, changing a password in the
 * profile and setting one with a mailed reset link, all through the real calls.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { MailMessage } from '../src/mail/mailer.ts'
import { registration } from './registration.ts'

export { registration }

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides)
  const res = await app.inject({ method: 'POST', url: '/wp-json/wp/v2/register', payload: body })
  expect(res.statusCode, res.body).toBe(201)
  return { body, user: res.json() as { id: number; username: string } }
}

export async function login(app: FastifyInstance, email: string, password: string, ip = '203.0.113.7') {
  return app.inject({
    method: 'POST',
    url: '/wp-json/jwt-auth/v1/token',
    headers: { 'x-forwarded-for': ip },
    payload: { username: email, password },
  })
}

/** Registers a fresh account and logs in; answers its id, e-mail, password and token. */
export async function loggedInUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { body, user } = await register(app, overrides)
  const res = await login(app, body.email, body.password)
  expect(res.statusCode, res.body).toBe(200)
  return { id: user.id, email: body.email, password: body.password, token: res.json().data.token as string }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Changes the password in the profile, the logged-in user giving their current one. */
export function changePassword(app: FastifyInstance, token: string, oldPassword: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/wp-json/wp/v2/user/password',
    headers: bearer(token),
    payload: { old_password: oldPassword, password, password_repeat: password },
  })
}

/**
 * Asks for a reset link for the address and answers the key the link's mail carries, once the
 * test's mailer has put it in `mail`.
 */
export async function mailedResetKey(app: FastifyInstance, mail: readonly MailMessage[], email: string) {
  const before = mail.length
  const asked = await app.inject({ method: 'POST', url: '/wp-json/wp/v2/auth/reset', payload: { email } })
  expect(asked.statusCode, asked.body).toBe(200)
  const sent = () => mail.slice(before).find((message) => message.to === email)
  await expect.poll(sent).toBeDefined()
  return /setpassword\?key=([\w-]+)/.exec(sent()!.text)![1]!
}

export interface SetPasswordOptions {
  /** The password typed the second time; the same unless given. */
  repeat?: string
  /** The client's address. */
  ip?: string
}

/** Sets a new password with a reset link's key. */
export function setPasswordWithKey(
  app: FastifyInstance,
  key: string,
  password: string,
  { repeat = password, ip = '203.0.113.7' }: SetPasswordOptions = {},
) {
  return app.inject({
    method: 'POST',
    url: '/wp-json/wp/v2/auth/reset/setpassword',
    headers: { 'x-forwarded-for': ip },
    payload: { key, password, password_repeat: repeat },
  })
}
