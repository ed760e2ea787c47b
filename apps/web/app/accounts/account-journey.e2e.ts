import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'
import { registerCustomer } from '../../tests/shopper.ts'

const uniqueEmail = () => `fan.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

/** Answers the cookie bar first, as a visitor would, so it covers nothing the test clicks. */
async function acceptCookies(page: Page) {
  await page.getByRole('button', { name: 'ACCEPT' }).click()
  await expect(page.getByRole('button', { name: 'ACCEPT' })).toHaveCount(0)
}

async function openLoginPanel(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const panel = page.getByRole('dialog', { name: 'Login' })
  await expect(panel).toBeVisible()
  return panel
}

test('a visitor registers, logs in, edits their details and logs out @phone', async ({ page }) => {
  test.slow()
  const email = uniqueEmail()
  await page.goto('/shop')
  await acceptCookies(page)

  // Register, from the login panel.
  const login = await openLoginPanel(page)
  await login.getByRole('link', { name: 'Register here' }).click()
  const register = page.getByRole('dialog', { name: 'Register' })
  await expect(register).toBeVisible()
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
  const terms = register.getByRole('link', { name: /terms and conditions/ })
  await expect(terms).toHaveAttribute('href', '/page/terms-and-conditions')
  await expect(terms).toHaveAttribute('target', '_blank')

  // Creating the account is blocked while a field is invalid, and each field says why.
  await register.getByLabel('First name').fill('Ana')
  await register.getByLabel('Last name').fill('L0pez')
  await register.getByLabel('E-mail').fill('a@b.cd')
  const createAccount = register.getByRole('button', { name: 'Create account' })
  await expect(createAccount).toHaveAttribute('aria-disabled', 'true')
  await register.getByLabel('E-mail').press('Enter')
  await expect(register.getByText('Special characters like “%, \\, )” aren’t allowed')).toBeVisible()
  await expect(register.getByText('Value is too short!')).toBeVisible()
  await expect(register.getByText('Please accept the terms and conditions.')).toBeVisible()
  await expect(register.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true')

  await register.getByLabel('Last name').fill('Lopez')
  await register.getByLabel('E-mail').fill(email)
  await register.getByLabel('Password', { exact: true }).fill('correct horse')
  await register.getByLabel('Repeat password').fill('correct horsf')
  await expect(register.getByText('Passwords do not match.')).toBeVisible()
  await register.getByLabel('Repeat password').fill('correct horse')
  await register.getByLabel('Female').check()
  await register.getByLabel('Year of birth').selectOption('2001')
  await register.getByLabel('Month of birth').selectOption('February')
  await expect(register.getByLabel('Day of birth').locator('option')).toHaveCount(29)
  await register.getByLabel('Year of birth').selectOption('2000')
  await expect(register.getByLabel('Day of birth').locator('option')).toHaveCount(30)
  await register.getByLabel('Day of birth').selectOption('29')
  await register.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check()
  await expect(register.getByLabel('Last name').locator('..')).toHaveClass(/field--valid/)
  await expect(createAccount).toHaveAttribute('aria-disabled', 'false')
  await createAccount.click()
  await expect(register.getByText('Your account has been created')).toBeVisible()

  // Log in from the success message; the panel closes and the profile opens.
  await register.getByRole('link', { name: 'Log in' }).click()
  const loginAgain = page.getByRole('dialog', { name: 'Login' })
  await loginAgain.getByLabel('E-mail').fill(email)
  await loginAgain.getByLabel('Password').fill('correct horse')
  await loginAgain.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Hi, Ana' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // Edit the details.
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'My details' })
    .click()
  await expect(page).toHaveURL(/\/profile\/details$/)
  await expect(page.getByLabel('Day of birth')).toHaveValue('29')
  await page.getByLabel('First name').fill('Anabel')
  await page.getByLabel('Phone').fill('+34 600 123 456')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Your details have been saved.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Hi, Anabel' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Anabel')
  await expect(page.getByLabel('Phone')).toHaveValue('+34 600 123 456')

  // Log out: everything is forgotten and the visitor lands on /home.
  await page.getByRole('button', { name: 'LOGOUT' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fprofile$/)
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible()
})

test('the earlier page comes back after logging in from it', async ({ page, request }) => {
  test.slow()
  const customer = await registerCustomer(request, {
    firstname: 'Bea',
    lastname: 'Ruiz',
    birth_day: '3',
    birth_month: 'May',
    birth_year: '1995',
  })
  const { email } = customer

  await page.goto('/shop')
  await acceptCookies(page)
  await page.goto('/profile/settings')
  await expect(page).toHaveURL(/redirectTo=%2Fprofile%2Fsettings/)
  const login = page.getByRole('dialog', { name: 'Login' })
  await login.getByLabel('E-mail').fill(email)
  await login.getByLabel('Password').fill('correct horse')
  await login.getByRole('button', { name: 'LOGIN' }).click()
  await expect(page).toHaveURL(/\/profile\/settings$/)

  await page.getByLabel('News and drops by e-mail').check()
  await page.getByLabel('My size').selectOption('M')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Your settings have been saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('News and drops by e-mail')).toBeChecked()
  await expect(page.getByLabel('My size')).toHaveValue('M')

  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'My orders' })
    .click()
  await expect(page.getByText('You have not ordered anything yet.')).toBeVisible()
})
