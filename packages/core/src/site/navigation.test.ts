import { describe, expect, it } from 'vitest'
import { backTarget, isExternalLink, menuResponseSchema, navigationRules } from './navigation.ts'

const ALL_ROUTES = [
  'index',
  'home',
  'shop',
  'product',
  'cart',
  'checkout',
  'contact',
  'foundation',
  'entercode',
  'auth-reset',
  'profile',
  'lookbook-slug',
  'music',
  'music-id',
  'error',
  'feed',
]

const pick = (rule: keyof ReturnType<typeof navigationRules>) =>
  ALL_ROUTES.filter((name) => navigationRules(name)[rule])

describe('navigationRules (spec 2)', () => {
  it('shows the menu button on index, error, home and entercode only', () => {
    expect(pick('menuButton')).toEqual(['index', 'home', 'entercode', 'error'])
  })
  it('hides cart and user buttons on foundation, error, contact, entercode, auth-reset, checkout and cart', () => {
    expect(ALL_ROUTES.filter((name) => !navigationRules(name).cartAndUserButtons).sort()).toEqual(
      ['auth-reset', 'cart', 'checkout', 'contact', 'entercode', 'error', 'foundation'].sort(),
    )
  })
  it('shows the social bar on its ten pages', () => {
    expect(pick('socialBar').sort()).toEqual(
      [
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
      ].sort(),
    )
  })
  it('uses dark icons on index, checkout and cart', () => {
    expect(pick('darkIcons')).toEqual(['index', 'cart', 'checkout'])
  })
  it('gives an unnamed page a back button with cart and user buttons', () => {
    expect(navigationRules(undefined)).toEqual({
      menuButton: false,
      cartAndUserButtons: true,
      socialBar: false,
      darkIcons: false,
    })
  })
})

describe('backTarget', () => {
  it('goes home when the page was the first one opened', () => {
    expect(backTarget(0)).toBe('/')
    expect(backTarget(undefined)).toBe('/')
  })
  it('goes one step back otherwise', () => {
    expect(backTarget(3)).toBe('history')
  })
})

describe('isExternalLink', () => {
  it('treats absolute web addresses as external', () => {
    expect(isExternalLink('https://www.youtube.com/@fanshop')).toBe(true)
    expect(isExternalLink('HTTP://example.com')).toBe(true)
  })
  it('treats paths as internal', () => {
    expect(isExternalLink('/shop')).toBe(false)
    expect(isExternalLink('page/terms-and-conditions')).toBe(false)
    expect(isExternalLink('//evil.example')).toBe(false)
  })
})

describe('menuResponseSchema', () => {
  it('accepts the menu API shape', () => {
    const body = {
      data: {
        'main-menu': [{ name: 'Shop', items: [{ title: 'Shop', url: '/shop' }] }],
        'sub-menus': [],
      },
    }
    expect(menuResponseSchema.parse(body)).toEqual(body)
  })
  it('refuses a group without items', () => {
    expect(
      menuResponseSchema.safeParse({ data: { 'main-menu': [{ name: 'x' }], 'sub-menus': [] } }).success,
    ).toBe(false)
  })
})
