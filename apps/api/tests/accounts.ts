/** Helpers the account tests share: a valid registration and logging in through the real calls. */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
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
