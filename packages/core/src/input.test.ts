import { describe, expect, it } from 'vitest'
import { readableStatusParam, refusedParam } from './input.ts'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((issue) => issue.message).join('; ')

describe('readableStatusParam (status of a list anyone may read)', () => {
  const wordpress = readableStatusParam(['publish'])
  const wooCommerce = readableStatusParam(['any', 'publish'])

  it('takes the readable statuses, alone or in a comma list', () => {
    for (const value of ['publish', 'publish, publish'])
      expect(wordpress.safeParse(value).success, value).toBe(true)
    for (const value of ['any', 'publish,any']) expect(wooCommerce.safeParse(value).success, value).toBe(true)
  })

  it('refuses a status a visitor may not ask for, as WordPress does, and says what to ask', () => {
    expect(messageOf(wordpress.safeParse('any'))).toBe(
      'cannot be "any": only published items are shown without signing in; ask for publish or leave status out',
    )
    expect(messageOf(wooCommerce.safeParse('publish,draft'))).toContain('cannot be "draft"')
  })

  it('refuses what is no status', () => {
    for (const value of ['published', '', 'publish,,publish', 'PUBLISH']) {
      expect(messageOf(wordpress.safeParse(value)), value).toMatch(/^must be publish: ".*" is not a status$/)
    }
  })
})

describe('refusedParam (a parameter the shop has nothing to answer with)', () => {
  it('refuses every value with its message', () => {
    const featured = refusedParam('no product is featured')
    for (const value of ['true', 'false', '']) {
      expect(messageOf(featured.safeParse(value)), value).toBe('no product is featured')
    }
  })
})
