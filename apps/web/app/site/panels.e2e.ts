/**
 * Spec 2 and 4 panels: one panel at a time over one dark overlay, a click on the overlay closes
 * everything, panels are dialogs that trap focus and give it back, every route change closes
 * them, and the navigation panel's contents (login, main menu, legal menu on small screens).
 * A panel's code is not part of the page: it is fetched as the visitor reaches for its trigger.
 */
import type { Locator, Page } from '@playwright/test'
import { hydrated } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

test('opening a panel closes the other; the overlay stays while one is open and goes 100 ms after', async ({
  page,
}) => {
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  const socialBar = page.getByRole('dialog', { name: 'Share' })
  await expect(socialBar).toBeVisible()
  await expect(page.locator('.overlay')).toHaveClass(/overlay--shown/)

  await socialBar.getByRole('button', { name: 'Follow' }).click()
  await expect(page.getByRole('dialog', { name: 'Follow Dani Rocha' })).toBeVisible()
  await expect(socialBar).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(page.locator('.overlay')).toHaveClass(/overlay--shown/)

  await page.mouse.click(10, 400)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.locator('.overlay')).toHaveCount(0)
})

test('a panel is a dialog: focus moves in and stays, Escape closes it and focus returns', async ({
  page,
}) => {
  await page.goto('/entercode')
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Share and follow' })
  await trigger.click()
  const dialog = page.getByRole('dialog', { name: 'Share' })
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused()
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(trigger).toBeFocused()
  await expect(page.locator('.overlay')).toHaveCount(0)
})

test('a panel whose form starts with hidden fields takes focus all the same: Menu, Log in, Filters', async ({
  page,
}) => {
  // Each form's first field is a hidden one (redirectTo, the shop's category): focus stayed on the
  // button behind, and Tab went on through the page the panel covers.
  const stepsIn = async (dialog: Locator, first: Locator) => {
    await expect(first).toBeFocused()
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(
        true,
      )
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await stepsIn(menu, menu.getByLabel('E-mail'))

  await page.goto('/shop?category=12')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Login' })
  await stepsIn(login, login.getByLabel('E-mail'))

  await page.getByRole('main').getByRole('button', { name: 'Filter' }).click()
  const filters = page.getByRole('dialog', { name: 'Filters' })
  await stepsIn(filters, filters.getByRole('checkbox').first())
})

test('a route change closes the panels, the navigation and the overlay', async ({ page }) => {
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  const navigation = page.getByRole('dialog', { name: 'Menu' })
  await navigation.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.locator('.overlay')).toHaveCount(0)
})

test('the navigation panel: login for a guest, the main menu, external links in a new tab', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  const navigation = page.getByRole('dialog', { name: 'Menu' })
  await expect(navigation.getByRole('button', { name: 'LOGIN' })).toBeVisible()
  await expect(navigation.getByLabel('E-mail')).toBeVisible()

  const main = navigation.getByRole('navigation', { name: 'Main menu' })
  for (const group of ['Shop', 'Fan zone', 'About', 'Follow']) {
    await expect(main.getByRole('heading', { name: group })).toBeVisible()
  }
  const internal = main.getByRole('link', { name: 'Lookbook' })
  await expect(internal).toHaveAttribute('href', '/lookbook')
  await expect(internal).not.toHaveAttribute('target', /.*/)
  const external = main.getByRole('link', { name: /Instagram/ })
  await expect(external).toHaveAttribute('href', /^https:\/\//)
  await expect(external).toHaveAttribute('target', '_blank')
  await expect(external).toHaveAttribute('rel', /noopener/)

  // Wide screens keep the legal menu out of the navigation panel.
  await expect(navigation.getByRole('navigation', { name: 'Legal' })).toBeHidden()
})

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the navigation panel also shows the legal menu @phone', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    const legal = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Legal' })
    await expect(legal).toBeVisible()
    await legal.getByRole('link', { name: 'Terms and conditions' }).click()
    await expect(page).toHaveURL(/\/terms-and-conditions$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

/** The URLs of a panel's own chunk (e.g. cart-panel-<hash>.js) the page asks for, as they are asked. */
function chunkRequests(page: Page, chunk: string) {
  const pattern = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`)
  const urls: string[] = []
  page.on('request', (request) => {
    if (pattern.test(request.url())) urls.push(request.url())
  })
  return urls
}

async function pastIdle(page: Page) {
  // The 404 page's links prefetch their pages once the browser is idle: hydrated and idle by then.
  await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached()
  await page.waitForTimeout(500)
}

test('a panel’s code is fetched when its trigger is pointed at, not with the page', async ({ page }) => {
  const requests = chunkRequests(page, 'navigation-panel')
  await page.goto('/this-page-does-not-exist')
  await pastIdle(page)
  expect(requests).toEqual([])

  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
  await menu.hover()
  await expect.poll(() => requests.length).toBe(1)
  await menu.click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
})

test('with data-saver on, a panel’s code waits for the panel to open', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: Object.assign(new EventTarget(), { effectiveType: '4g', saveData: true }),
    })
  })
  const requests = chunkRequests(page, 'cart-panel')
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).focus()
  await page.waitForTimeout(1000)
  expect(requests).toEqual([])
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
  await expect(page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })).toBeVisible()
  expect(requests).toHaveLength(1)
})

test('a panel or dialog that opened with nothing focused gives focus to its header button or the heading', async ({
  page,
}) => {
  // An add to cart posted before the page's scripts ran comes back with ?cart=<answer>: the page
  // opens the cart panel or a refusal's dialog once hydrated, with focus on nothing, and closing
  // them left focus on the body, so a keyboard started over from the top of the page.
  await page.goto('/shop?cart=added')
  await hydrated(page)
  const panel = page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toBeFocused()

  await page.goto('/shop?cart=failed')
  await hydrated(page)
  const refusal = page.getByRole('alertdialog', {
    name: 'The product could not be added to your bag. Try again.',
  })
  await expect(refusal).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(refusal).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()
})
