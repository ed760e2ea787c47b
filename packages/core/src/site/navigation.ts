/**
 * The navigation rules of spec section 2, keyed on a page's route name, and the shape of the
 * menus the content API serves (spec 3: main-menu and sub-menus, groups of { title, url }).
 */
import { z } from 'zod'

/** Pages with the menu button; every other page has a back button. */
const MENU_BUTTON_ROUTES = new Set(['index', 'error', 'home', 'entercode'])
/** Pages without the cart and user buttons. */
const NO_CART_AND_USER_ROUTES = new Set([
  'foundation',
  'error',
  'contact',
  'entercode',
  'auth-reset',
  'checkout',
  'cart',
])
/** Pages with the three-dots social bar. */
const SOCIAL_BAR_ROUTES = new Set([
  'index',
  'contact',
  'profile',
  'home',
  'entercode',
  'shop',
  'product',
  'lookbook-slug',
  'music',
  'music-id',
])
/** Pages drawn with dark icons. */
const DARK_ICON_ROUTES = new Set(['index', 'checkout', 'cart'])

interface NavigationRules {
  /** The menu button (true) or the back button (false). */
  menuButton: boolean
  cartAndUserButtons: boolean
  socialBar: boolean
  darkIcons: boolean
}

export function navigationRules(routeName: string | undefined): NavigationRules {
  const name = routeName ?? ''
  return {
    menuButton: MENU_BUTTON_ROUTES.has(name),
    cartAndUserButtons: !NO_CART_AND_USER_ROUTES.has(name),
    socialBar: SOCIAL_BAR_ROUTES.has(name),
    darkIcons: DARK_ICON_ROUTES.has(name),
  }
}

/** Where the back button goes: one step back, or home when this page was the first one opened. */
export function backTarget(historyIndex: number | undefined): 'history' | '/' {
  return historyIndex !== undefined && historyIndex > 0 ? 'history' : '/'
}

/** Menu links with an absolute web address leave the shop (new tab); everything else is a page of ours. */
export function isExternalLink(url: string): boolean {
  return /^https?:\/\//i.test(url)
}

export const menuItemSchema = z.object({
  title: z.string().min(1),
  url: z.string().min(1),
})

const menuGroupSchema = z.object({
  name: z.string().min(1),
  items: z.array(menuItemSchema),
})

const MENU_LOCATIONS = ['main-menu', 'sub-menus'] as const
export type MenuLocation = (typeof MENU_LOCATIONS)[number]

const menusSchema = z.object({
  'main-menu': z.array(menuGroupSchema),
  'sub-menus': z.array(menuGroupSchema),
})

export const menuResponseSchema = z.object({ data: menusSchema })

export type MenuItem = z.infer<typeof menuItemSchema>
export type MenuGroup = z.infer<typeof menuGroupSchema>
export type Menus = z.infer<typeof menusSchema>
