/** Reads the navigation menus in the shape of GET /wp-json/wp/v2/menu. */
import type { MenuGroup, Menus } from '@fanshop/core'
import type { ShopContext } from '../context.ts'

export async function readMenus(ctx: Pick<ShopContext, 'db'>): Promise<Menus> {
  const rows = await ctx.db
    .selectFrom('menu_groups as g')
    .leftJoin('menu_items as i', 'i.group_id', 'g.id')
    .select(['g.id as group_id', 'g.location', 'g.name', 'i.title', 'i.url'])
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute()
  const menus: Menus = { 'main-menu': [], 'sub-menus': [] }
  const groups = new Map<number, MenuGroup>()
  for (const row of rows) {
    let group = groups.get(row.group_id)
    if (!group) {
      group = { name: row.name, items: [] }
      groups.set(row.group_id, group)
      menus[row.location].push(group)
    }
    if (row.title !== null && row.url !== null) group.items.push({ title: row.title, url: row.url })
  }
  return menus
}
