// The waiting room's join form posted from a second tab: the visitor's session already holds a
// ticket (the first tab joined while this one solved its challenge), so the post must not join
// again. A second join would leave a ticket nobody holds taking a turn in line, and after the draw
// would put the fan behind their own first place.
import { launchEndpoints } from '@fanshop/core'
import { expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { inVisitorRequest } from '../../tests/visitor.ts'
import { action } from './routes/queue.tsx'

it('keeps the ticket the visitor holds when another tab posts the join form', async () => {
  const joins: string[] = []
  const apiFetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === launchEndpoints.joinQueue.path) joins.push(url.pathname)
    return Response.json({ data: { ticket: 'second-ticket' } }, { status: 201 })
  }) as typeof fetch
  const context = testLoadContext(apiFetch)
  const form = new URLSearchParams({ altcha: 'a-solved-challenge' })
  const request = new Request('http://shop.test/queue?to=/shop', { method: 'POST', body: form })
  const answer = await inVisitorRequest(
    context,
    { queueTicket: { value: 'first-ticket', expiresAt: Date.now() + 60_000 } },
    () => action({ request, url: new URL(request.url), context, params: {} } as Parameters<typeof action>[0]),
    '/queue',
  )
  expect(joins).toEqual([])
  expect(answer).toBeInstanceOf(Response)
  expect((answer as Response).headers.get('location')).toBe('/queue?to=/shop')
})
