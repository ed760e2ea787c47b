/**
 * Issue 11 has the team run a drop from a phone too: every main back office page, at 390 px, keeps
 * to the screen's width (a wide table scrolls in its own region, never the page), reaches every
 * menu entry and is axe clean.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { roomiestSimpleProduct } from '../../web/tests/pages.ts'
import { expect, hydratingNavigations, test } from '../../web/tests/playwright.ts'
import { addToCart, checkOut } from '../../web/tests/shopper.ts'

const OWNER = { email: 'owner@example.com', password: 'demo-owner-password' }

test.use({ viewport: { width: 390, height: 844 } })

/** What sticks out past the right edge of the screen (elements, then text), for a readable failure. */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const scrolled = (element: Element | null) => {
      for (let up = element; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true
      }
      return false
    }
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (element) => element.getBoundingClientRect().right > width + 0.5 && !scrolled(element.parentElement),
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${element.textContent?.slice(0, 30)}`,
      )
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      range.selectNodeContents(text)
      if (range.getBoundingClientRect().right > width + 0.5 && !scrolled(text.parentElement)) {
        wide.push(`text "${text.textContent?.slice(0, 40)}"`)
      }
    }
    return [`page ${document.documentElement.scrollWidth} px wide`, ...wide.slice(0, 12)]
  })
}

/** Soft checks: one run names every page that breaks, each by its URL. */
async function expectFitsThePhone(page: Page) {
  const where = new URL(page.url()).pathname
  expect.soft(await sidewaysOverflow(page), where).toEqual([])
  const results = await new AxeBuilder({ page }).analyze()
  expect
    .soft(
      results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`),
      where,
    )
    .toEqual([])
}

test('the owner walks the main back office pages on a phone: nothing scrolls sideways, axe clean @phone-only', async ({
  page,
  browser,
}) => {
  // A purchase for the order pages, then the pages with an axe run each, on a shared machine.
  test.setTimeout(300_000)
  const email = `phone.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  // The fan buys on a laptop: this test is about the back office's pages.
  const fan = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  })
  const shop = hydratingNavigations(await fan.newPage())
  await addToCart(shop, `/product/${await roomiestSimpleProduct(shop.request)}`)
  await checkOut(shop, email, '4242 4242 4242 4242')
  await expect(shop).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  const number = new URL(shop.url()).searchParams.get('number')!
  await fan.close()

  await page.goto('/admin/login')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await expectFitsThePhone(page)
  await page.getByLabel('E-mail').fill(OWNER.email)
  await page.getByLabel('Password').fill(OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expectFitsThePhone(page)

  const nav = page.getByRole('navigation', { name: 'Back office' })
  // Every menu entry is on the screen, wrapped onto lines, none pushed off to the side.
  await expect(nav.getByRole('link')).toHaveCount(14)
  for (const link of await nav.getByRole('link').all()) {
    const box = (await link.boundingBox())!
    expect(box.x + box.width, (await link.textContent()) ?? '').toBeLessThanOrEqual(390)
  }
  const visit = async (link: string, heading: string | RegExp) => {
    await nav.getByRole('link', { name: link, exact: true }).click()
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    await expectFitsThePhone(page)
  }

  await visit('Products', 'Products')
  await page.getByRole('table').getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: /^Edit /, level: 1 })).toBeVisible()
  await expectFitsThePhone(page)
  await page.goto('/admin/products/new')
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible()
  await page.getByRole('group', { name: 'Colour' }).getByLabel('Black').check()
  await page.getByRole('group', { name: 'Size' }).getByLabel('M', { exact: true }).check()
  await expect(page.getByLabel('SKU of Black, M')).toBeVisible()
  await expectFitsThePhone(page)
  // The new product has changes: leaving it asks first, in a dialog that fits the phone too.
  await nav.getByRole('link', { name: 'Categories', exact: true }).click()
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await expectFitsThePhone(page)
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()

  await visit('Categories', 'Categories')
  await visit('Size guides', 'Size guides')
  await visit('Stock', 'Stock')
  await visit('Import & export', /Import/)
  await visit('Orders', 'Orders')
  await page.getByLabel('Number or e-mail').fill(email)
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  await expectFitsThePhone(page)
  await page.getByRole('button', { name: 'Refund…' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectFitsThePhone(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await visit('Customers', 'Customers')
  await page.getByRole('table').getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectFitsThePhone(page)
  await visit('Coupons', 'Coupons')
  await page.getByRole('link', { name: 'New coupon' }).click()
  await expect(page.getByRole('heading', { name: 'New coupon', level: 1 })).toBeVisible()
  await expectFitsThePhone(page)
  await visit('Staff', 'Staff')
  await visit('Audit log', 'Audit log')
  await visit('Drop', /Drop/)
  await visit('Access codes', 'Access codes')
  await page.getByRole('table').getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectFitsThePhone(page)
  await visit('Security', 'Security')
  await visit('Dashboard', 'Dashboard')
})
