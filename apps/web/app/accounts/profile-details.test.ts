// The details form against the real API (on a loopback port, over a private SQLite database),
// behind the root's visitor middleware: a birthday chosen years ago stays savable as it is.
import { describe, expect, it } from 'vitest'
import { loggedInUser } from '../../../api/tests/accounts.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { listeningApi, sessionCookie } from '../../tests/visitor.ts'
import { visitorMiddleware } from '../site/visitor.server.ts'
import { action } from './routes/profile-details.tsx'

const api = listeningApi()

describe('saving the details in the profile', () => {
  it('keeps a stored birthday whose year the 100 year choices have passed', async () => {
    const user = await loggedInUser(api.t.app)
    const oldest = new Date().getFullYear() - 100
    await api.t.ctx.db
      .updateTable('users')
      .set({ birthday: `${oldest}-05-01` })
      .where('id', '=', user.id)
      .execute()

    const context = testLoadContext(fetch, api.baseUrl)
    const cookie = sessionCookie(context, { auth: { value: user.token, expiresAt: Date.now() + 3_600_000 } })
    const body = new URLSearchParams({
      firstName: 'Rosa',
      lastName: 'Lopez',
      birthDay: '1',
      birthMonth: 'May',
      birthYear: String(oldest),
    })
    const request = new Request('http://shop.test/profile/details', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    const args = { request, context, params: {}, url: new URL(request.url), pattern: '/profile/details' }
    await visitorMiddleware(args, async () => {
      expect(await action(args as Parameters<typeof action>[0])).toEqual({ saved: true })
      return new Response(null)
    })
    const stored = await api.t.ctx.db
      .selectFrom('users')
      .select(['first_name', 'birthday'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ first_name: 'Rosa', birthday: `${oldest}-05-01` })
  })
})
