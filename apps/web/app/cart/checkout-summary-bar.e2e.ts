/**
 * The order summary of the checkout: on a phone a bar at the top that shows the total and opens
 * the summary table (closed at first, so the form comes first); on a wide screen the table beside
 * the steps, always open.
 */

import { putOneInTheBag } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

test('on a phone the summary is a bar at the top with the total, opening the table @phone-only', async ({
  page,
}) => {
  await putOneInTheBag(page)
  await page.goto('/checkout')
  const bar = page.getByRole('button', { name: /order summary/i })
  const table = page.getByRole('table', { name: 'Order summary' })
  await expect(bar).toBeVisible()
  await expect(table).toBeHidden()
  const firstStep = page.getByRole('heading', { name: /Delivery address/ })
  expect((await bar.boundingBox())!.y).toBeLessThan((await firstStep.boundingBox())!.y)

  await bar.click()
  await expect(bar).toHaveAttribute('aria-expanded', 'true')
  await expect(table).toBeVisible()
  const total = (await table
    .getByRole('row', { name: /^Total/ })
    .getByRole('cell')
    .textContent())!.trim()
  expect(total).toMatch(/€/)
  await expect(bar).toContainText(total)

  await bar.click()
  await expect(table).toBeHidden()
})

test('on a wide screen the summary table stays open beside the steps', async ({ page }) => {
  await putOneInTheBag(page)
  await page.goto('/checkout')
  await expect(page.getByRole('table', { name: 'Order summary' })).toBeVisible()
  await expect(page.getByRole('button', { name: /order summary/i })).toBeHidden()
  const table = (await page.getByRole('table', { name: 'Order summary' }).boundingBox())!
  const step = (await page.getByRole('heading', { name: /Delivery address/ }).boundingBox())!
  expect(table.x).toBeGreaterThan(step.x + step.width / 2)
})
