// The visitor's one signed session cookie: what it keeps, what it refuses, and how the old cookies move in.
import { createCookie } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { visitorMiddleware, visitorOf } from './visitor.server.ts'
import { frameEndsAt, readSession, writeSession } from './visitor-session.server.ts'

const settings = { sessionSecret: 'a-test-session-secret-of-32-characters', secureCookies: false }
const now = Date.UTC(2026, 0, 1)
const cart = { number: 'R123456789', token: 'cart-token-0123456789' }
const placedOrder = { number: 'R987654321', token: 'placed-token-0123456789' }
const grant = { value: 'g', expiresAt: null }

const requestWith = (cookie: string) => new Request('http://shop.test/', { headers: { cookie } })
const pair = (setCookie: string) => setCookie.split(';')[0]!

describe('the session cookie', () => {
  it('reads back what it wrote, signed and httpOnly', async () => {
    const [header] = writeSession(
      { cart, auth: { value: 'jwt', expiresAt: now + 60_000 } },
      [],
      settings,
      now,
    )
    expect(header).toMatch(/^session=.*HttpOnly; SameSite=Lax$/)
    const read = readSession(requestWith(pair(header!)), settings, now)
    expect(read).toEqual({
      data: { cart, auth: { value: 'jwt', expiresAt: now + 60_000 } },
      changed: false,
      legacy: [],
    })
  })

  it('ignores a tampered cookie and one signed with another secret', async () => {
    const [header] = writeSession({ cart }, [], settings, now)
    const [name, value] = pair(header!).split('=') as [string, string]
    const payload = decodeURIComponent(value).split('.')[0]!
    const forged = Buffer.from(JSON.stringify({ cart: { ...cart, number: 'R999999999' } })).toString('base64')
    const tampered = `${name}=${encodeURIComponent(`${forged}.${decodeURIComponent(value).split('.')[1]}`)}`
    expect(payload).not.toBe(forged)
    expect(readSession(requestWith(tampered), settings, now).data).toEqual({})
    const other = { ...settings, sessionSecret: 'another-secret-of-at-least-32-characters' }
    expect(readSession(requestWith(pair(header!)), other, now).data).toEqual({})
  })

  it("reads the sessions React Router's createCookie signed and writes the same bytes: a deploy logs no one out", async () => {
    const before = createCookie('session', {
      secrets: [settings.sessionSecret],
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
    })
    const data = { cart, auth: { value: 'jwt-ñandú-🎤', expiresAt: now + 60_000 } }
    const old = pair(await before.serialize(data))
    expect(readSession(requestWith(old), settings, now).data).toEqual(data)
    const [header] = writeSession(data, [], settings, now)
    expect(pair(header!)).toBe(old)
    expect(await before.parse(pair(header!))).toEqual(data)
  })

  it('drops an access grant once it expires, and keeps the cart', async () => {
    const [header] = writeSession(
      { cart, accessGrant: { value: 'g', expiresAt: now + 1000 } },
      [],
      settings,
      now,
    )
    const read = readSession(requestWith(pair(header!)), settings, now + 2000)
    expect(read.data).toEqual({ cart })
    expect(read.changed).toBe(true)
  })

  it("drops a login once it expires, and with it the account's cart and last order, as a logout does", async () => {
    // Their tokens would otherwise open the account's bag, address and phone to whoever uses the
    // browser next, for as long as the cookie lives.
    const [header] = writeSession(
      { cart, placedOrder, auth: { value: 'jwt', expiresAt: now + 1000 }, accessGrant: grant },
      [],
      settings,
      now,
    )
    const read = readSession(requestWith(pair(header!)), settings, now + 2000)
    expect(read.data).toEqual({ accessGrant: grant })
    expect(read.changed).toBe(true)
  })

  it("forgets a login the API no longer accepts (ended elsewhere), with the account's cart and last order", async () => {
    const apiFetch = async (input: RequestInfo | URL) => {
      expect(String(input)).toContain('/users/me')
      return Response.json(
        { message: 'Your session has expired. Please log in again.', statusCode: 401 },
        { status: 401 },
      )
    }
    const context = testLoadContext(apiFetch as typeof fetch)
    const [header] = writeSession(
      {
        cart,
        placedOrder,
        auth: { value: 'revoked-jwt', expiresAt: Date.now() + 60_000 },
        accessGrant: grant,
      },
      [],
      context,
      Date.now(),
    )
    const request = requestWith(pair(header!))
    const response = await visitorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: '/' },
      async () => {
        expect(await visitorOf(context).user()).toBeNull()
        return new Response('page')
      },
    )
    const [written] = (response as Response).headers.getSetCookie()
    expect(readSession(requestWith(pair(written!)), context, Date.now()).data).toEqual({ accessGrant: grant })
  })

  it('tells when what the frame shows ends by itself: the first of the login and the access grant to expire', () => {
    expect(frameEndsAt({ cart })).toBeNull()
    expect(frameEndsAt({ cart, auth: { value: 'jwt', expiresAt: null } })).toBeNull()
    expect(frameEndsAt({ auth: { value: 'jwt', expiresAt: now + 5000 } })).toBe(now + 5000)
    expect(
      frameEndsAt({
        auth: { value: 'jwt', expiresAt: now + 5000 },
        accessGrant: { value: 'g', expiresAt: now + 1000 },
        queueTicket: { value: 't', expiresAt: now + 10 },
      }),
    ).toBe(now + 1000)
  })

  it('moves the separate cookies of before into the session and clears them', async () => {
    const old = [
      await createCookie('auth-token').serialize('old-jwt'),
      await createCookie('cart').serialize(cart),
      await createCookie('placed-order').serialize({
        number: 'R000000001',
        token: 'placed-token-0123456789',
      }),
      await createCookie('access-grant').serialize('old-grant'),
    ].map(pair)
    const context = testLoadContext(fetch)
    const request = requestWith(old.join('; '))
    const response = await visitorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: '/' },
      async () => {
        const visitor = visitorOf(context)
        expect(visitor.authToken).toBe('old-jwt')
        expect(visitor.session).toEqual({
          auth: { value: 'old-jwt', expiresAt: null },
          cart,
          placedOrder: { number: 'R000000001', token: 'placed-token-0123456789' },
          accessGrant: { value: 'old-grant', expiresAt: null },
        })
        return new Response('page')
      },
    )
    const set = (response as Response).headers.getSetCookie()
    expect(set.map((header) => header.split('=')[0])).toEqual([
      'session',
      'auth-token',
      'cart',
      'placed-order',
      'access-grant',
    ])
    expect(set.slice(1).every((header) => header.includes('Max-Age=0'))).toBe(true)
    const again = readSession(requestWith(pair(set[0]!)), context, now)
    expect(again.data.cart).toEqual(cart)
    expect(again.legacy).toEqual([])
  })

  it('sets no cookie for a visitor whose session did not change', async () => {
    const context = testLoadContext(fetch)
    const request = new Request('http://shop.test/')
    const response = await visitorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: '/' },
      async () => new Response('page'),
    )
    expect((response as Response).headers.getSetCookie()).toEqual([])
  })
})
