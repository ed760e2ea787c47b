/**
 * The frame's logged-in user: the user navigation, the same for every logged-in user, is read once
 * for the pages of a few seconds, and only with a token users/me has accepted.
 */
import type { CurrentUser } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KEPT_MS } from '../site/kept-read.server.ts'
import { loadFrameUser } from './frame-user.server.ts'

const MENU = [{ title: 'My profile', url: '/profile' }]

/** A back end that answers the user navigation, and the visitor the root middleware would set. */
function backEnd() {
  const apiFetch = vi.fn<typeof fetch>(async () => Response.json({ code: 200, data: MENU }))
  const visit = (token: string | null, user: Partial<CurrentUser> | null) =>
    ({
      apiBaseUrl: 'http://api.test',
      apiFetch,
      apiInProcess: null,
      sharedDataVersion: () => '0',
      get: () => ({ authToken: token, user: () => Promise.resolve(user) }),
    }) as unknown as AppLoadContext
  return { apiFetch, visit }
}

describe('loadFrameUser', () => {
  afterEach(() => vi.useRealTimers())

  it('reads the user navigation once for the pages of a few seconds, whoever is logged in', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const { apiFetch, visit } = backEnd()
    const ana = visit('token-ana', { id: 1, first_name: 'Ana', name: 'Ana García' })
    const luis = visit('token-luis', { id: 2, first_name: 'Luis', name: 'Luis Pérez' })
    expect(await loadFrameUser(ana)).toEqual({ id: 1, first_name: 'Ana', name: 'Ana García', menu: MENU })
    expect(await loadFrameUser(luis)).toEqual({ id: 2, first_name: 'Luis', name: 'Luis Pérez', menu: MENU })
    expect(apiFetch).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(KEPT_MS + 1)
    await loadFrameUser(luis)
    expect(apiFetch).toHaveBeenCalledTimes(2)
    expect(new Headers(apiFetch.mock.calls[1]![1]?.headers).get('authorization')).toBe('Bearer token-luis')
  })

  it('a token users/me refuses is a guest, and reads no navigation with it', async () => {
    const { apiFetch, visit } = backEnd()
    expect(await loadFrameUser(visit('expired', null))).toBeNull()
    expect(await loadFrameUser(visit(null, null))).toBeNull()
    expect(apiFetch).not.toHaveBeenCalled()
  })
})
