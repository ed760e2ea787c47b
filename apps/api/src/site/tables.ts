/**
 * Tables owned by the site domain: the navigation menus of spec 3 ("main-menu" and "sub-menus",
 * each a list of named groups of { title, url } links), edited in the database, not in code.
 */

import type { MenuLocation } from '@fanshop/core'
import type { Generated } from 'kysely'

export interface MenuGroupsTable {
  id: Generated<number>
  location: MenuLocation
  name: string
  position: number
}

export interface MenuItemsTable {
  id: Generated<number>
  group_id: number
  title: string
  /** A path of the shop ("/shop") or an absolute https:// address (opens in a new tab). */
  url: string
  position: number
}

export interface SiteTables {
  menu_groups: MenuGroupsTable
  menu_items: MenuItemsTable
}
