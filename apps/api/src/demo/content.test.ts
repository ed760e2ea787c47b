import type { Post } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

// Issue 9: the seeded drop post wrote '29 October' and '07:00' whatever the launch was set to.
describe(`the demo posts write the launch from the launch setting, on ${testDialect}`, () => {
  let t: TestApp
  const posts = async () =>
    (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/posts?per_page=100' })).json() as Post[]

  beforeAll(async () => {
    // 03:30 UTC on 1 June is still 31 May in Los Angeles: the day comes from the shop's time zone.
    t = await createTestApp({ env: { LAUNCH_AT: '2027-06-01T03:30:00Z', SHOP_TZ: 'America/Los_Angeles' } })
  })
  afterAll(() => t.close())

  it('the drop post names the launch day, time and place of the setting', async () => {
    const drop = (await posts()).find((post) => post.slug === 'the-extra-time-drop-lands')!
    expect(drop.title.rendered).toBe('The Extra Time drop lands on 31 May')
    expect(drop.excerpt.rendered).toContain('the new drop opens at 20:30 on 31 May.')
    expect(drop.content.rendered).toContain(
      'The new drop opens on <strong>31 May at 20:30</strong> (Los Angeles time).',
    )
  })

  it('no post keeps the old launch date', async () => {
    const all = await posts()
    const tour = all.find((post) => post.slug === 'extra-time-tour-final-dates')!
    expect(tour.content.rendered).toContain('from 31 May, in the shop')
    for (const post of all) {
      const text = `${post.title.rendered} ${post.excerpt.rendered} ${post.content.rendered}`
      expect(text, post.slug).not.toMatch(/29 October|07:00|Madrid/)
    }
  })
})
