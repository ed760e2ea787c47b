/**
 * Spec 2's navigation rules, one test per rule, each over every page the rules name. The
 * profile page (logged in) is covered by the user-button test, which logs in.
 */
import type { Page } from '@playwright/test'
import { type NamedPage, namedPages, openNamedPage } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'
import { logInFromPanel, registerCustomer } from '../../tests/shopper.ts'

const MENU_BUTTON = ['index', 'error', 'home', 'entercode']
const NO_CART_AND_USER = ['foundation', 'error', 'contact', 'entercode', 'auth-reset', 'checkout', 'cart']
const SOCIAL_BAR = [
  'index',
  'contact',
  'home',
  'entercode',
  'shop',
  'product',
  'lookbook-slug',
  'music',
  'music-id',
]
const DARK_ICONS = ['index', 'checkout', 'cart']

const header = (page: Page) => page.getByRole('banner')

async function eachPage(page: Page, pages: NamedPage[], check: (named: NamedPage) => Promise<void>) {
  for (const named of pages) {
    await test.step(named.path, async () => {
      await openNamedPage(page, named)
      await check(named)
    })
  }
}

test.describe('navigation rules', () => {
  test.describe.configure({ timeout: 120_000 })
  let pages: NamedPage[]
  test.beforeAll(async ({ request }) => {
    pages = await namedPages(request)
  })

  test('a menu button on index, error, home and entercode; a back button elsewhere', async ({ page }) => {
    await eachPage(page, pages, async ({ routeName }) => {
      const menu = MENU_BUTTON.includes(routeName)
      await expect(header(page).getByRole('button', { name: 'Menu' })).toHaveCount(menu ? 1 : 0)
      await expect(header(page).getByRole('button', { name: 'Back' })).toHaveCount(menu ? 0 : 1)
    })
  })

  test('no cart and user buttons on foundation, error, contact, entercode, auth-reset, checkout and cart', async ({
    page,
  }) => {
    await eachPage(page, pages, async ({ routeName }) => {
      const shown = NO_CART_AND_USER.includes(routeName) ? 0 : 1
      await expect(header(page).getByRole('button', { name: /^Cart/ })).toHaveCount(shown)
      await expect(header(page).getByRole('button', { name: 'Log in' })).toHaveCount(shown)
    })
  })

  test('the three-dots social bar on its pages only', async ({ page }) => {
    await eachPage(page, pages, async ({ routeName }) => {
      const shown = SOCIAL_BAR.includes(routeName) ? 1 : 0
      await expect(header(page).getByRole('button', { name: 'Share and follow' })).toHaveCount(shown)
    })
  })

  test('dark icons on index, checkout and cart', async ({ page }) => {
    await eachPage(page, pages, async ({ routeName }) => {
      const dark = DARK_ICONS.includes(routeName)
      await expect(header(page)).toHaveClass(dark ? /site-header--dark/ : /site-header--light/)
      const color = await header(page).evaluate((el) => getComputedStyle(el).color)
      expect(color, routeName).toBe(dark ? 'rgb(17, 17, 17)' : 'rgb(255, 255, 255)')
    })
  })
})

test('back goes home from the first page opened, and one step back otherwise', async ({ page }) => {
  await page.goto('/comingsoon')
  await header(page).getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page)).toHaveAttribute('data-route-name', 'index')

  await page.goto('/comingsoon')
  await page.getByRole('link', { name: 'Enter it here' }).click()
  await expect(page).toHaveURL(/\/entercode$/)
  await page.getByRole('link', { name: 'Go to the shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await header(page).getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/entercode$/)
})

test('the user button opens the login panel for a guest and goes to the profile when logged in', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, { firstname: 'Nora', lastname: 'Rules' })

  await page.goto('/shop')
  await logInFromPanel(page, customer)
  await expect(header(page)).toHaveAttribute('data-route-name', 'profile')

  // The profile page: back button, cart and user buttons, social bar, light icons.
  await expect(header(page).getByRole('button', { name: 'Back' })).toBeVisible()
  await expect(header(page).getByRole('button', { name: 'Share and follow' })).toBeVisible()
  await expect(header(page)).toHaveClass(/site-header--light/)

  await page.goto('/shop')
  const userLink = header(page).getByRole('link', { name: 'Your profile' })
  await expect(userLink).toHaveAttribute('href', '/profile')
  await userLink.click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the cart button opens the cart panel and shows the count', async ({ page }) => {
  await page.goto('/shop')
  const cart = header(page).getByRole('button', { name: /^Cart/ })
  await expect(cart).toHaveAccessibleName('Cart, 0 items')
  await cart.click()
  await expect(page.getByRole('dialog')).toContainText('NO ITEMS HERE YET')
  await expect(page).toHaveURL(/\/shop$/)
})

// A page asks for its code only after its first screen has painted, and a phone may have none:
// the header's menu, back, cart and log-in buttons led nowhere until then.
test.describe('before the page’s code runs', () => {
  test.use({ javaScriptEnabled: false })

  test('the menu button leads to the menu as a page, whose links and login work', async ({ page }) => {
    await page.goto('/home')
    await header(page).getByRole('button', { name: 'Menu' }).click()
    await expect(page).toHaveURL(/\/menu\??$/)
    await expect(header(page)).toHaveAttribute('data-route-name', 'menu')
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible()
    await expect(page.getByLabel('Password')).toBeVisible()
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' })
    await mainMenu.getByRole('link', { name: 'Shop', exact: true }).click()
    await expect(header(page)).toHaveAttribute('data-route-name', 'shop')
  })

  test('the cart and log-in buttons lead to their pages, and back leads home', async ({ page }) => {
    await page.goto('/shop')
    await header(page).getByRole('button', { name: 'Cart, 0 items' }).click()
    await expect(header(page)).toHaveAttribute('data-route-name', 'cart')

    await page.goto('/shop')
    await header(page).getByRole('button', { name: 'Log in' }).click()
    await expect(header(page)).toHaveAttribute('data-route-name', 'login')
    await expect(page.getByLabel('Password')).toBeVisible()

    await page.goto('/comingsoon')
    await header(page).getByRole('button', { name: 'Back' }).click()
    await expect(header(page)).toHaveAttribute('data-route-name', 'index')
  })
})

test('after the header’s Search link focus is on the search page’s heading, not left on the link', async ({
  page,
}) => {
  await page.goto('/shop')
  const search = page.getByRole('banner').getByRole('link', { name: 'Search' })
  await search.press('Enter')
  await expect(page).toHaveURL(/\/search$/)
  // The header stays from page to page, so its link kept focus and the new page was not announced.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()
})
