/**
 * Demo menus: the main menu (the shop's sections, and the figure's profiles from SOCIAL_LINKS,
 * which open in a new tab) and the legal sub-menu that small screens show in the navigation.
 */
import { type MenuGroup, type MenuLocation, parseSocialLinks } from '@fanshop/core'
import type { SeedContext } from './seed.ts'

export async function seedSite(ctx: SeedContext): Promise<void> {
  const social = parseSocialLinks(ctx.config.SOCIAL_LINKS)
  const menus: Record<MenuLocation, MenuGroup[]> = {
    'main-menu': [
      {
        name: 'Shop',
        items: [
          { title: 'Shop', url: '/shop' },
          { title: 'Lookbook', url: '/lookbook' },
          { title: 'Book', url: '/book' },
        ],
      },
      {
        name: 'Fan zone',
        items: [
          { title: 'Home', url: '/home' },
          { title: 'Feed', url: '/feed' },
          { title: 'Stories', url: '/story' },
          { title: 'Music', url: '/music' },
        ],
      },
      {
        name: 'About',
        items: [
          { title: 'Foundation', url: '/foundation' },
          { title: 'Contact', url: '/contact' },
        ],
      },
      {
        name: 'Follow',
        items: social.profiles.map((profile) => ({ title: profile.name, url: profile.url })),
      },
    ],
    'sub-menus': [
      {
        name: 'Legal',
        items: [
          { title: 'Terms and conditions', url: '/terms-and-conditions' },
          { title: 'Privacy policy', url: '/page/privacy-policy' },
          { title: 'Shipping and returns', url: '/page/shipping-and-returns' },
        ],
      },
    ],
  }
  for (const [location, groups] of Object.entries(menus) as [MenuLocation, MenuGroup[]][]) {
    for (const [position, group] of groups.entries()) {
      const { id } = await ctx.db
        .insertInto('menu_groups')
        .values({ location, name: group.name, position })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (group.items.length === 0) continue
      await ctx.db
        .insertInto('menu_items')
        .values(group.items.map((item, index) => ({ group_id: id, ...item, position: index })))
        .execute()
    }
  }
}
