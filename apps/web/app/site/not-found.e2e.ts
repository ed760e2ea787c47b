import { expect, test } from '../../tests/playwright.ts'

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/')
})
