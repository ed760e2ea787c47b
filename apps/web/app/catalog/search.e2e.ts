// Search with suggestions (products, stories, music) and the shop's All view with its sort
// orders, on a phone and a desktop (issue #9): all of it in the URL, all of it without
// JavaScript too.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/catalog-fixtures.ts'

const euros = (text: string) => Number(text.replace(/[^\d.]/g, ''))

async function gridPrices(page: Page, list: string): Promise<number[]> {
  const prices = page.getByRole('list', { name: list }).locator('.product-card__price')
  // After a navigation the URL can change before the grid is parsed: wait for its first price.
  await expect(prices.first()).toBeVisible()
  // A price on sale shows the old one too: the current price is the last amount of each box.
  return (await prices.allInnerTexts()).map((text) => euros(text.trim().split(/\s+/).at(-1)!))
}

test('the search field suggests products, stories and music as you type @phone', async ({ page }) => {
  await page.goto('/shop')
  const field = page.getByRole('combobox', { name: 'Search products, stories and music' })
  await expect(field).toHaveAttribute('aria-expanded', 'false')
  await field.pressSequentially('offside', { delay: 30 })
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(list).toBeVisible()
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('option', { name: /Products\s*Offside Sessions Album Tee/ })).toBeVisible()
  await expect(list.getByRole('option', { name: /Music\s*Offside Sessions$/ })).toBeVisible()
  await expect(list.getByRole('option', { name: 'See all results for “offside”' })).toBeVisible()

  const axe = await new AxeBuilder({ page }).include('.search-box').analyze()
  expect(axe.violations).toEqual([])
})

test('the search field says what it searches in full on a small phone @phone-only', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/shop')
  const field = page.getByRole('combobox', { name: 'Search products, stories and music' })
  const { text, room } = await field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    context.letterSpacing = style.letterSpacing
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    }
  })
  expect(text).toBeLessThanOrEqual(room)
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible()
})

test('arrows move through the suggestions, Escape closes them and Enter opens one @phone', async ({
  page,
}) => {
  await page.goto('/shop')
  const field = page.getByRole('combobox', { name: 'Search products, stories and music' })
  await field.pressSequentially('offside', { delay: 30 })
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(list.getByRole('option').first()).toBeVisible()
  await field.press('ArrowDown')
  const first = list.getByRole('option').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await field.press('Escape')
  await expect(list).toBeHidden()
  await expect(field).toHaveAttribute('aria-expanded', 'false')

  await field.press('ArrowDown')
  await field.press('Enter')
  await expect(page).toHaveURL(/\/product\/offside-sessions-album-tee$/)
})

test('a text the search cannot take says so in plain words, the search box still there', async ({ page }) => {
  const answer = await page.goto('/search?q=%00')
  expect(answer?.status()).toBe(200)
  await expect(page.getByRole('alert')).toHaveText(
    'This search holds a character that cannot be searched for. Try other words.',
  )
  await expect(page.getByText(/NUL|querystring/)).toHaveCount(0)
  await expect(page.getByLabel('Search products, stories and music')).toBeVisible()
})

test('a suggestion is a click away @phone', async ({ page }) => {
  await page.goto('/search')
  const field = page.getByRole('combobox', { name: 'Search products, stories and music' })
  await field.pressSequentially('ninety', { delay: 30 })
  await page.getByRole('option', { name: /Stories\s*Ninety Minutes/ }).click()
  await expect(page).toHaveURL(/\/story\/details\?story=/)
})

test('Enter without a chosen suggestion opens the results page @phone', async ({ page }) => {
  await page.goto('/search')
  await page.getByRole('combobox', { name: 'Search products, stories and music' }).fill('hoodie black')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=hoodie\+black$/)
  await expect(page.getByRole('heading', { level: 2, name: /Products/ })).toBeVisible()
  const found = page.getByRole('list', { name: 'Products for hoodie black' }).getByRole('listitem')
  await expect(found.first()).toBeVisible()
  for (const name of await found.locator('h2').allInnerTexts()) expect(name).toMatch(/Hoodie/)
  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(axe.violations).toEqual([])
})

test('the header leads to search on every shop page @phone', async ({ page }) => {
  await page.goto('/product/tour-beanie')
  await page.getByRole('link', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/search$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search')
})

test('the All view lists every product and sorts by price, newest and featured, kept in the URL @phone', async ({
  page,
}) => {
  test.slow()
  await page.goto('/shop')
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All' }).click()
  await expect(page).toHaveURL(/\/shop\?category=all$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop: All products')
  // The back office's browser tests may add products to the shared shop: the API says how many.
  const total = Number((await page.request.get('/wp-json/wc/v3/products?per_page=1')).headers()['x-wp-total'])
  expect(total).toBeGreaterThanOrEqual(27)
  await expect(page.getByText(`${total} products`)).toBeVisible()

  const grid = 'All products products'
  const names = page.getByRole('list', { name: grid }).locator('h2')
  const ascending = (list: number[]) => list.length > 10 && list.every((v, i) => i === 0 || list[i - 1]! <= v)
  const descending = (list: number[]) => ascending([...list].reverse())

  await page.getByLabel('Sort by').selectOption('Price: low to high')
  await expect(page).toHaveURL(/\/shop\?category=all&sort=price-asc$/)
  await expect.poll(async () => ascending(await gridPrices(page, grid))).toBe(true)

  await page.getByLabel('Sort by').selectOption('Price: high to low')
  await expect(page).toHaveURL(/sort=price-desc/)
  await expect.poll(async () => descending(await gridPrices(page, grid))).toBe(true)

  // The demo's products arrived in drops: the newest are not the featured ones. Each order is the
  // catalogue API's, read at the time (the back office's tests may have added a product).
  const namesBy = async (orderby: string, order: string) => {
    const answer = await page.request.get(
      `/wp-json/wc/v3/products?per_page=100&orderby=${orderby}&order=${order}`,
    )
    return ((await answer.json()) as { name: string }[]).map((product) => product.name)
  }
  const secondBy = async (orderby: string, order: string) => (await namesBy(orderby, order))[1]!
  await page.getByLabel('Sort by').selectOption('Newest')
  await expect(page).toHaveURL(/sort=newest/)
  await expect(names.nth(1)).toHaveText(await secondBy('date', 'desc'))
  await page.getByLabel('Sort by').selectOption('Featured')
  await expect(page).toHaveURL(/\/shop\?category=all&sort=featured$/)
  await expect(names.nth(1)).toHaveText(await secondBy('menu_order', 'asc'))
  // Products the other tests add come first in both orders: the whole orders differ, not the second.
  expect(await namesBy('menu_order', 'asc')).not.toEqual(await namesBy('date', 'desc'))
})

test('sorting keeps the category and the filters, and the filters keep the sort @phone', async ({ page }) => {
  await page.goto('/shop?category=12&pa_size=xxl')
  await page.getByLabel('Sort by').selectOption('Price: high to low')
  await expect(page).toHaveURL(/category=12&pa_size=xxl&sort=price-desc/)
  await page.getByRole('button', { name: 'Filter (1)' }).click()
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/sort=price-desc/)
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('search is a plain form to the results page, and the sort has its own button @phone', async ({
    page,
  }) => {
    await page.goto('/shop')
    await page.getByRole('searchbox', { name: 'Search products, stories and music' }).fill('offside')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/search\?q=offside$/)
    await expect(page.getByRole('link', { name: /Offside Sessions Album Tee/ })).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Music' }).getByRole('link', { name: 'Offside Sessions' }),
    ).toBeVisible()

    await page.goto('/shop?category=all')
    await page.getByLabel('Sort by').selectOption('price-asc')
    await page.getByRole('button', { name: 'Sort' }).click()
    await expect(page).toHaveURL(/\/shop\?category=all&sort=price-asc$/)
    const up = await gridPrices(page, 'All products products')
    expect(up.length).toBeGreaterThan(10)
    expect(up).toEqual([...up].sort((a, b) => a - b))
  })
})
