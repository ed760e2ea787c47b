/**
 * On drop day fans reload the product page, logged in and with a bag: once their browser has shown
 * it runs the storefront's scripts, such a page comes from the shared page cache, drawn for nobody,
 * and the browser fills in the greeting, the bag and its hold itself (site/frame-fill.tsx).
 */
import { expect, test } from '../../tests/playwright.ts'
import { addToCart, logInOnPage, registerCustomer } from '../../tests/shopper.ts'

// A product no other browser test buys.
const SNAPBACK = '/product/extra-time-snapback'

test('a logged-in fan with a bag reloads a shared product page and sees their own frame', async ({
  page,
  request,
}) => {
  await logInOnPage(page, await registerCustomer(request))
  const panel = await addToCart(page, SNAPBACK)
  await expect(panel).toHaveAccessibleName('1 item')
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'personal-frame')?.value)
    .toBe('1')

  const response = await page.reload()
  expect(['hit', 'stale', 'miss']).toContain(response?.headers()['x-page-cache'])
  const html = await response!.text()
  expect(html).toContain('aria-label="Log in"')
  expect(html).not.toContain('aria-label="Your profile"')

  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Your profile' })).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await banner.getByRole('button', { name: 'Cart, 1 item' }).click()
  const bag = page.getByRole('dialog', { name: '1 item' })
  await expect(bag.getByText(/Held for you for (59|60) minutes more/)).toBeVisible()
  await expect(bag.getByText('Extra Time Snapback')).toBeVisible()
})
