import { describe, expect, it } from 'vitest'
import { shownInForm } from './endpoint.ts'

describe('which failed calls a form shows', () => {
  it('shows every 4xx, and a 503 only when the API explained it', () => {
    for (const status of [400, 401, 403, 404, 409, 416, 422, 429]) {
      expect(shownInForm(status, true)).toBe(true)
      expect(shownInForm(status, false)).toBe(true)
    }
    expect(shownInForm(503, true)).toBe(true)
    expect(shownInForm(503, false)).toBe(false)
  })

  it('leaves a bug or a back end out of reach to the error page', () => {
    for (const status of [500, 502, 504]) expect(shownInForm(status, true)).toBe(false)
  })
})
