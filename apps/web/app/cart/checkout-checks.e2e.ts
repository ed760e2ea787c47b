import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'
import { addToCart, fillAddressFields } from '../../tests/shopper.ts'

// Issue 9: the checkout took a phone 'call me maybe' and a Spanish postcode 'ZZZZZZZZZZ', and
// never asked to accept the terms.
test.describe.configure({ timeout: 90_000 })

const VINYL = '/product/offside-sessions-vinyl-lp'

/** A visitor whose browser runs no scripts, with the vinyl in the bag, on the checkout. */
async function checkoutWithoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(VINYL)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  return { context, page, checkout: await page.goto('/checkout') }
}

/** Every field a fan fills in says what it holds, so a phone can fill it in. */
async function expectAutocompleteOnEveryField(page: Page) {
  const fields = page
    .locator('main form')
    .locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select')
  expect(await fields.count()).toBeGreaterThan(0)
  for (const field of await fields.all()) await expect(field).toHaveAttribute('autocomplete', /\w/)
}

test('a phone number and a postcode are checked for the country, and the terms accepted @phone', async ({
  page,
}) => {
  await addToCart(page, VINYL)
  await page.goto('/checkout')
  await expectAutocompleteOnEveryField(page)
  await page.getByLabel('E-mail').fill(`checks.${Date.now()}@example.com`)
  await fillAddressFields(page, { postcode: 'ZZZZZZZZZZ', phone: 'call me maybe' })
  await page.getByRole('button', { name: 'Continue to shipping' }).click()

  await expect(page.getByText('Enter a valid postcode for Spain.')).toBeVisible()
  await expect(page.getByText('Enter a phone number we can call, such as +34 612 345 678.')).toBeVisible()
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Phone')).toHaveValue('call me maybe')
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await expect(page.getByLabel('State or province')).toHaveValue(/\d+/)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

  await page.getByLabel('Postcode').fill('28013')
  await page.getByLabel('Phone').fill('612 345 678')
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await page.getByRole('button', { name: 'Continue to payment' }).click()

  await expectAutocompleteOnEveryField(page)
  await page.getByLabel('Name on card').fill('Ana García')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry month').selectOption('12')
  await page.getByLabel('Expiry year').selectOption({ index: 3 })
  await page.getByLabel('Security code').fill('123')
  const terms = page.getByRole('checkbox', { name: /I accept the terms and conditions/ })
  await expect(terms).not.toBeChecked()
  await expect(page.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute(
    'href',
    '/terms-and-conditions',
  )
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/checkout/)
  expect(await terms.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true)
  await expect(page.getByLabel('Name on card')).toHaveValue('Ana García')

  await terms.check()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
})

test('without JavaScript the server asks for the terms and keeps what was typed', async ({ browser }) => {
  const { context, page } = await checkoutWithoutScripts(browser)
  await page.getByLabel('E-mail').fill(`nojs.${Date.now()}@example.com`)
  await fillAddressFields(page)
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  // Needed to pay by card, though the browser does not check them here (a bank transfer needs none).
  await expect(page.getByRole('group', { name: 'Card' })).not.toContainText('(optional)')
  await page.getByLabel('Name on card').fill('Ana García')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry month').selectOption('12')
  await page.getByLabel('Expiry year').selectOption({ index: 3 })
  await page.getByLabel('Security code').fill('123')
  await page.locator('form:has(button:text("Place order"))').evaluate((form: HTMLFormElement) => {
    form.noValidate = true
  })
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByText('Accept the terms and conditions to place your order.')).toBeVisible()
  await expect(page.getByLabel('Name on card')).toHaveValue('Ana García')
  await context.close()
})

test("only the address step's page carries the countries, and changing a saved address without JavaScript keeps to that step", async ({
  browser,
}) => {
  const { context, page, checkout } = await checkoutWithoutScripts(browser)
  expect(await checkout!.text()).toContain('>Zimbabwe</option>')
  await page.getByLabel('E-mail').fill(`steps.${Date.now()}@example.com`)
  await fillAddressFields(page)
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
  const delivery = await page.reload()
  expect(await delivery!.text()).not.toContain('Zimbabwe')

  // A step nobody knows, sent from the delivery step: refused with its message, nothing lost.
  await page
    .locator('form:has(button:text("Continue to payment")) input[name=intent]')
    .evaluate((intent: HTMLInputElement) => {
      intent.value = 'teleport'
    })
  const refused = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  expect((await refused).status()).toBe(422)
  await expect(page.getByRole('alert')).toHaveText('Unknown checkout step.')
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()

  await page.getByRole('link', { name: 'Change delivery address' }).click()
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await page.getByLabel('Country').selectOption({ label: 'Portugal' })
  await page.getByRole('button', { name: 'Show the states of this country' }).click()
  await expect(page.getByLabel('Country')).toHaveValue(
    (await page.getByRole('option', { name: 'Portugal', exact: true }).getAttribute('value')) ?? '',
  )
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')
  await expect(page.getByRole('button', { name: 'Continue to shipping' })).toBeVisible()
  await context.close()
})

test("without JavaScript a country with states picked in place of another is answered in one round: its states to choose from, and every field's message", async ({
  browser,
}) => {
  const { context, page } = await checkoutWithoutScripts(browser)
  await page.getByLabel('E-mail').fill(`states.${Date.now()}@example.com`)
  // Spain's Madrid chosen, then the country changed without asking for its states.
  await fillAddressFields(page, { postcode: 'ZZZZZZZZZZ', phone: '+1 212 736 3100' })
  await page.getByLabel('Country').selectOption({ label: 'United States' })
  await page.getByRole('button', { name: 'Continue to shipping' }).click()

  await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription(
    'Enter a valid postcode for United States.',
  )
  const state = page.getByLabel('State or province')
  await expect(state).toHaveAccessibleDescription('Choose a state or province of United States.')
  await expect(state).toHaveAttribute('aria-invalid', 'true')
  await expect(state.getByRole('option', { name: 'New York' })).toHaveCount(1)
  await expect(state.getByRole('option', { name: 'Madrid' })).toHaveCount(0)
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')

  await state.selectOption({ label: 'New York' })
  await page.getByLabel('Postcode').fill('10118')
  await page.getByLabel('City').fill('New York')
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
  await context.close()
})

test('without JavaScript a coupon is applied and removed on the checkout, keeping the address typed so far', async ({
  browser,
}) => {
  const { context, page } = await checkoutWithoutScripts(browser)
  const email = `coupon.${Date.now()}@example.com`
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Street and number').fill('Calle Mayor 1')
  await page.getByLabel('Coupon code').fill('NOT-A-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('alert')).toHaveText('The coupon code "NOT-A-CODE" does not exist.')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)

  await page.getByLabel('Coupon code').fill('fans15')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  const summary = page.getByRole('table', { name: 'Order summary' })
  await expect(summary.getByRole('row', { name: /Coupon Code/ })).toContainText('FANS15: 15% on full basket')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')

  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(summary.getByRole('row', { name: /Coupon Code/ })).not.toContainText('FANS15')
  await expect(page.getByLabel('Street and number')).toHaveValue('Calle Mayor 1')

  // The coupon's empty field does not hold the step back.
  await fillAddressFields(page)
  await page.getByRole('button', { name: 'Continue to shipping' }).click()
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
  await context.close()
})
