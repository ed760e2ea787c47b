/**
 * Before the launch, on a shop whose LAUNCH_AT is three days away: the pages a fan comes to buy
 * from (home, /shop, a product page, the menu) count down and lead to the access code and the
 * sign-up, the refused add to cart leads there too, and the home's news writes the launch moment
 * from the launch setting.
 */
import { launchMomentText } from '@fanshop/core'
import type { Page } from '@playwright/test'
import { roomiestSimpleProduct } from '../../tests/pages.ts'
import { expect, test } from '../../tests/pre-launch-server.ts'

async function expectWaysIn(
  page: Page,
  scope = page.getByRole('complementary', { name: 'The shop opens soon' }),
) {
  await expect(scope.getByRole('timer', { name: 'Time left until the shop opens' })).toContainText('02days')
  await expect(scope.getByRole('link', { name: 'Enter your access code' })).toHaveAttribute(
    'href',
    '/entercode',
  )
  await expect(scope.getByRole('link', { name: 'Tell me when it opens' })).toHaveAttribute(
    'href',
    '/comingsoon',
  )
}

test('before the launch the home, /shop, a product page and the menu count down and show the ways in @phone', async ({
  page,
}) => {
  const slug = await roomiestSimpleProduct(page.request)
  for (const path of ['/home', '/shop', `/product/${slug}`]) {
    await page.goto(path)
    await expectWaysIn(page)
  }
  await page.goto('/home')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await expectWaysIn(page, page.getByRole('dialog', { name: 'Menu' }))
})

test('before the launch a refused add to cart leads to the access code @phone', async ({ page }) => {
  const slug = await roomiestSimpleProduct(page.request)
  await page.goto(`/product/${slug}`)
  await page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' }).click()
  const refusal = page.getByRole('alertdialog', {
    name: 'The shop is not open yet. Enter your access code to shop before the launch.',
  })
  await expect(refusal.getByRole('button', { name: 'Okay!' })).toBeVisible()
  await refusal.getByRole('link', { name: 'Enter your access code' }).click()
  await expect(page).toHaveURL(/\/entercode$/)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})

test("the home's latest-update bar writes the launch moment from the launch setting @phone", async ({
  page,
  preLaunch,
}) => {
  const moment = launchMomentText(preLaunch.launchAt, 'Europe/Madrid')
  await page.goto('/home')
  const news = page.getByRole('complementary', { name: 'Latest update' })
  const launchNews = news.getByRole('link', { name: `${moment} The new drop opens in the shop` })
  await expect(launchNews).toHaveAttribute('href', '/comingsoon')
  if (!moment.startsWith('29 October')) await expect(news).not.toContainText('29 October')
})
