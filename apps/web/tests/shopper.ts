/**
 * For the browser tests: a shopper's steps through registration, the cookie bar, the bag, the
 * address forms and the checkout (shared by the cart's, the accounts' and the site's tests).
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { registration } from '../../api/tests/registration.ts'

/** Registers a customer through the spec's API; answers the e-mail and password to log in with. */
export async function registerCustomer(request: APIRequestContext, overrides: Record<string, string> = {}) {
  const body = registration(overrides)
  const registered = await request.post('/wp-json/wp/v2/register', { data: body })
  expect(registered.status()).toBe(201)
  return { email: body.email, password: body.password }
}

/** Fills the register form (a page's or a panel's) for Ana Lopez with `email`, terms accepted, not sent. */
export async function fillRegistration(form: Page | Locator, email: string) {
  await form.getByLabel('First name').fill('Ana')
  await form.getByLabel('Last name').fill('Lopez')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Password', { exact: true }).fill('correct horse')
  await form.getByLabel('Repeat password').fill('correct horse')
  await form.getByLabel('Female').check()
  await form.getByLabel('Year of birth').selectOption('2000')
  await form.getByLabel('Month of birth').selectOption('March')
  await form.getByLabel('Day of birth').selectOption('3')
  await form.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check()
}

/** Logs in through the header's login panel; the customer lands on the profile. */
export async function logInFromPanel(page: Page, customer: { email: string; password: string }) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Login' })
  await expect(login).toBeVisible()
  await login.getByLabel('E-mail').fill(customer.email)
  await login.getByLabel('Password').fill(customer.password)
  await login.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
}

/** Logs in on the login page; the customer lands on the profile. */
export async function logInOnPage(page: Page, customer: { email: string; password: string }) {
  await page.goto('/auth/login')
  await acceptCookies(page)
  await page.getByLabel('E-mail').fill(customer.email)
  await page.getByLabel('Password').fill(customer.password)
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
}

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

/** Fills a Spanish address (checkout or address book); a test may give a wrong postcode or phone. */
export async function fillAddressFields(page: Page, wrong: { postcode?: string; phone?: string } = {}) {
  await page.getByLabel('First name').fill('Ana')
  await page.getByLabel('Last name').fill('García')
  await page.getByLabel('Street and number').fill('Calle Mayor 1')
  await page.getByLabel('Postcode').fill(wrong.postcode ?? '28013')
  await page.getByLabel('City').fill('Madrid')
  await expect(page.getByLabel('Country')).toHaveValue(/\d+/)
  await page.getByLabel('State or province').selectOption({ label: 'Madrid' })
  await page.getByLabel('Phone').fill(wrong.phone ?? '+34 600 000 000')
}

export async function fillAddress(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await fillAddressFields(page)
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
