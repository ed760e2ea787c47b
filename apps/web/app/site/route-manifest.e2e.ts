/**
 * Issue 15: the browser knows every route from one hashed manifest file it caches for a year
 * (react-router.config.ts), so a first page no longer asks /__manifest for the routes it links to
 * once hydrated, and a link to a page of another kind still navigates in place.
 */
import { hydrated } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

test('a first page asks for no route manifest beyond its cached file, and its links navigate in place', async ({
  page,
}) => {
  const asked: { path: string; type: string }[] = []
  page.on('request', (request) => {
    asked.push({ path: new URL(request.url()).pathname, type: request.resourceType() })
  })
  await page.goto('/shop')
  await hydrated(page)
  expect(asked.filter((request) => /^\/assets\/manifest-[\w-]+\.js$/.test(request.path))).toHaveLength(1)

  await page.getByRole('link', { name: /Extra Time Tour Tee/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Extra Time Tour Tee' })).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(asked.filter((request) => request.path === '/__manifest')).toEqual([])
  expect(asked.filter((request) => request.type === 'document')).toHaveLength(1)
})
