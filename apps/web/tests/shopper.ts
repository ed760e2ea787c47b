/**
 * For the browser tests: a shopper's steps through the cookie bar, the bag and the checkout
 * (shared by the cart's tests and the storefront's behind-a-proxy journey).
 */
import { expect, type Page } from '@playwright/test'

export async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'ACCEPT', exact: true })
  if (await accept.isVisible()) await accept.click()
}

export async function addToCart(page: Page, path: string) {
  await page.goto(path)
  await acceptCookies(page)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const panel = page.getByRole('dialog')
  await expect(panel).toBeVisible()
  return panel
}

export async function fillAddress(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('First name').fill('Ana')
  await page.getByLabel('Last name').fill('García')
  await page.getByLabel('Street and number').fill('Calle Mayor 1')
  await page.getByLabel('Postcode').fill('28013')
  await page.getByLabel('City').fill('Madrid')
  await expect(page.getByLabel('Country')).toHaveValue(/\d+/)
  await page.getByLabel('State or province').selectOption({ label: 'Madrid' })
  await page.getByLabel('Phone').fill('+34 600 000 000')
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
}

export async function payByCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ana García')
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry month').selectOption('12')
  await page.getByLabel('Expiry year').selectOption({ index: 3 })
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check()
  await page.getByRole('button', { name: 'Place order' }).click()
}

export async function checkOut(page: Page, email: string, card: string) {
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await fillAddress(page, email)
  await expect(page.getByRole('radio', { name: /Standard delivery/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await payByCard(page, card)
}
