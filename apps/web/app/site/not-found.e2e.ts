import { expect, test } from '../../tests/playwright.ts'

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/')
})

// The head names the mark that closes every page as the point its first paint waits for
// (root.tsx). It had named the footer, which the error page does not draw: that page waited for
// the whole document, and Chromium warned that the element never came.
test('the 404 page is read up to the mark its first paint waits for', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => warnings.push(message.text()))
  await page.goto('/this/does/not/exist')
  const awaited = await page.locator('link[rel="expect"]').getAttribute('href')
  expect(awaited).toMatch(/^#./)
  await expect(page.locator(awaited as string)).toHaveCount(1)
  expect(warnings.filter((text) => text.includes('expected to be parsed'))).toEqual([])
})
