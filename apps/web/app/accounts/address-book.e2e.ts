import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'
import { addToCart, fillAddressFields, logInOnPage, registerCustomer } from '../../tests/shopper.ts'

// Issue 9: a logged-in customer's checkout is filled from their address book, edited in /profile.
test.describe.configure({ timeout: 90_000 })

const VINYL = '/product/offside-sessions-vinyl-lp'

/** A new customer, logged in, at their address book. */
async function openAddressBook(page: Page) {
  await logInOnPage(page, await registerCustomer(page.request))
  await page.goto('/profile/addresses')
}

test('a customer keeps an address in /profile and their checkout starts from it @phone', async ({ page }) => {
  const customer = await registerCustomer(page.request)
  const { email } = customer
  await logInOnPage(page, customer)

  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'My addresses' })
    .click()
  await expect(page).toHaveURL(/\/profile\/addresses$/)
  await expect(page.getByText('No addresses yet.')).toBeVisible()
  await fillAddressFields(page, { phone: 'call me maybe' })
  await page.getByRole('button', { name: 'Save address' }).click()
  // The phone's message is at the phone (its description), not over the form.
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
    'Enter a phone number we can call, such as +34 612 345 678.',
  )
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await expect(page.getByLabel('Phone')).toHaveValue('call me maybe')

  await page.getByLabel('Phone').fill('612 345 678')
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('The address has been saved.')).toBeVisible()
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Ana García, Calle Mayor 1, 28013 Madrid, Spain' }),
  ).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

  await addToCart(page, VINYL)
  await page.goto('/checkout')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.getByLabel('First name')).toHaveValue('Ana')
  await expect(page.getByLabel('Last name')).toHaveValue('García')
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await expect(page.getByLabel('Postcode')).toHaveValue('28013')
  await expect(page.getByLabel('Phone')).toHaveValue('612 345 678')
  await expect(page.getByLabel('State or province')).toHaveValue(/\d+/)
  await expect(
    page.getByRole('navigation', { name: 'Your saved addresses' }).getByRole('link', {
      name: 'Ana García, Calle Mayor 1, 28013 Madrid, Spain',
    }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()

  // Changing the address saved on the order, the saved one filled in again: still the address step.
  await page.getByRole('link', { name: 'Change delivery address' }).click()
  await page.getByLabel('Street and number').fill('Calle Menor 2')
  await page
    .getByRole('navigation', { name: 'Your saved addresses' })
    .getByRole('link', { name: 'Ana García, Calle Mayor 1, 28013 Madrid, Spain' })
    .click()
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await expect(page.getByRole('button', { name: 'Continue to shipping' })).toBeVisible()
})

test('the address form loads the states of the country picked, and has none for a country without them', async ({
  page,
}) => {
  await openAddressBook(page)
  const state = page.getByLabel('State or province')
  await expect(state.getByRole('option', { name: 'Madrid' })).toHaveCount(1)

  await page.getByLabel('Country').selectOption({ label: 'Canada' })
  await expect(state.getByRole('option', { name: 'Ontario' })).toHaveCount(1)
  await expect(state.getByRole('option', { name: 'Madrid' })).toHaveCount(0)

  await page.getByLabel('Country').selectOption({ label: 'Portugal' })
  await expect(state).toHaveCount(0)

  await page.getByLabel('Country').selectOption({ label: 'Spain' })
  await expect(state.getByRole('option', { name: 'Madrid' })).toHaveCount(1)

  // Madrid chosen, then Canada: the postcode is checked for Canada as it is picked, not when a
  // field is next left (on the way to Save, which the message would move under the pointer).
  await fillAddressFields(page, { phone: '+1 416 979 2000' })
  await page.getByLabel('Country').selectOption({ label: 'Canada' })
  await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription('Enter a valid postcode for Canada.')
  await expect(state.getByRole('option', { name: 'Ontario' })).toHaveCount(1)
  await page.getByRole('button', { name: 'Save address' }).click()
  // Its state is asked for at the field, and nothing is sent.
  await expect(state).toHaveAccessibleDescription('Choose a state or province of Canada.')
  await expect(page.getByText('The address has been saved.')).toHaveCount(0)
})

test('without JavaScript an address in another country with states comes back with those states to choose from', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const customer = await registerCustomer(page.request)
  await page.goto('/auth/login')
  await page.getByLabel('E-mail').fill(customer.email)
  await page.getByLabel('Password').fill(customer.password)
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  await page.goto('/profile/addresses')
  await fillAddressFields(page, { phone: '+1 416 979 2000' })
  await page.getByLabel('Country').selectOption({ label: 'Canada' })
  await page.getByRole('button', { name: 'Save address' }).click()

  const state = page.getByLabel('State or province')
  await expect(state).toHaveAccessibleDescription('Choose a state or province of Canada.')
  await expect(state.getByRole('option', { name: 'Ontario' })).toHaveCount(1)
  await expect(state.getByRole('option', { name: 'Madrid' })).toHaveCount(0)
  await expect(page.getByLabel('Country')).toHaveValue(
    (await page.getByRole('option', { name: 'Canada', exact: true }).getAttribute('value')) ?? '',
  )
  await state.selectOption({ label: 'Ontario' })
  await page.getByLabel('Postcode').fill('M5V 2T6')
  await page.getByLabel('City').fill('Toronto')
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('The address has been saved.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'M5V 2T6 Toronto' })).toBeVisible()
  await context.close()
})

test('a refused save moves focus to the first field in error, though another field already shows its message', async ({
  page,
}) => {
  await openAddressBook(page)
  await fillAddressFields(page, { phone: 'call me maybe' })
  await page.getByLabel('City').fill('')
  await page.getByLabel('Phone').press('Tab')
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
    'Enter a phone number we can call, such as +34 612 345 678.',
  )
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByLabel('City')).toBeFocused()
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true')
})
