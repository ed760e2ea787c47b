import AxeBuilder from '@axe-core/playwright'
import { expect, hydratingNavigations, test } from '../../tests/playwright.ts'
import { acceptCookies, addToCart, checkOut } from '../../tests/shopper.ts'

// Issue 9: the order pages answered 404 without `?number=`, and a guest on another device had no
// way back to their order.
test.describe.configure({ timeout: 90_000 })

const VINYL = '/product/offside-sessions-vinyl-lp'

test('the order pages explain themselves and offer the lookup instead of a 404 @phone', async ({ page }) => {
  for (const path of ['/thank-you', '/order/confirmation', '/order/details', '/order/failed']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible()
    // The tab's title says what the page shows, not "Order confirmed" for an order it does not know.
    await expect(page, path).toHaveTitle(/^Find your order/)
    await expect(page.getByText('We cannot tell which order you mean.')).toBeVisible()
    await expect(page.getByLabel('Order number')).toBeVisible()
    await expect(page.getByLabel('E-mail address you ordered with')).toBeVisible()
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

test('a guest finds their order from another device with its number and e-mail @phone', async ({
  page,
  browser,
}) => {
  const email = `lookup.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  await addToCart(page, VINYL)
  await checkOut(page, email, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  const number = new URL(page.url()).searchParams.get('number')!

  const elsewhere = await browser.newContext({ ...test.info().project.use })
  const phone = hydratingNavigations(await elsewhere.newPage())
  await phone.goto(`/order/details?number=${number}`)
  await acceptCookies(phone)
  await expect(phone.getByText(`Order ${number} cannot be opened in this browser.`)).toBeVisible()
  await expect(phone.getByLabel('Order number')).toHaveValue(number)

  await phone.getByLabel('E-mail address you ordered with').fill('someone.else@example.com')
  await phone.getByRole('button', { name: 'Find my order' }).click()
  await expect(
    phone.getByText(
      'We found no order with that number and e-mail address. Check both against your confirmation e-mail.',
    ),
  ).toBeVisible()
  await expect(phone.getByLabel('Order number')).toHaveValue(number)
  await expect(phone.getByLabel('E-mail address you ordered with')).toHaveValue('someone.else@example.com')

  await phone.getByLabel('Order number').fill('my order')
  await phone.getByLabel('E-mail address you ordered with').fill(email)
  await phone.getByRole('button', { name: 'Find my order' }).click()
  await expect(
    phone.getByText('Enter the order number as it is in your e-mail, like R123456789.'),
  ).toBeVisible()
  await phone.getByLabel('Order number').fill(number)
  await phone.getByRole('button', { name: 'Find my order' }).click()
  await expect(phone).toHaveURL(new RegExp(`/order/details\\?number=${number}$`))
  await expect(phone.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await expect(phone.getByText(email)).toBeVisible()
  await elsewhere.close()
})
