import { DEFAULT_SOCIAL_LINKS, menuResponseSchema } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`GET /wp-json/wp/v2/menu on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers the main menu and the sub-menus as groups of links', async () => {
    const res = await t.app.inject('/wp-json/wp/v2/menu')
    expect(res.statusCode).toBe(200)
    const body = menuResponseSchema.parse(res.json())
    expect(body.data['main-menu'].map((g) => g.name)).toEqual(['Shop', 'Fan zone', 'About', 'Follow'])
    expect(body.data['main-menu'][0]!.items).toEqual([
      { title: 'Shop', url: '/shop' },
      { title: 'Lookbook', url: '/lookbook' },
      { title: 'Book', url: '/book' },
    ])
    expect(body.data['sub-menus']).toEqual([
      {
        name: 'Legal',
        items: [
          { title: 'Terms and conditions', url: '/terms-and-conditions' },
          { title: 'Privacy policy', url: '/page/privacy-policy' },
          { title: 'Shipping and returns', url: '/page/shipping-and-returns' },
        ],
      },
    ])
  })

  it('links the figure’s profiles from the configuration, as external addresses', async () => {
    const body = (await t.app.inject('/wp-json/wp/v2/menu')).json()
    const follow = body.data['main-menu'].find((g: { name: string }) => g.name === 'Follow')
    expect(follow.items).toEqual(DEFAULT_SOCIAL_LINKS.profiles.map((p) => ({ title: p.name, url: p.url })))
  })

  it('keeps the order the editor gave, and shows a group that has no links yet', async () => {
    await t.ctx.db
      .insertInto('menu_groups')
      .values({ location: 'sub-menus', name: 'Help', position: -1 })
      .execute()
    const body = (await t.app.inject('/wp-json/wp/v2/menu')).json()
    expect(body.data['sub-menus'].map((g: { name: string }) => g.name)).toEqual(['Help', 'Legal'])
    expect(body.data['sub-menus'][0].items).toEqual([])
  })

  it('lets shared caches keep it for a minute', async () => {
    const res = await t.app.inject('/wp-json/wp/v2/menu')
    expect(res.headers['cache-control']).toBe('public, max-age=60')
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/openapi.json')).json()
    expect(doc.paths['/wp-json/wp/v2/menu'].get.tags).toEqual(['site'])
  })
})
