import { expect, test } from '../../tests/playwright.ts'
import { fillRegistration } from '../../tests/shopper.ts'

test('a refused login shows both messages of spec 5', async ({ page }) => {
  await page.goto('/shop')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Login' })
  await login.getByLabel('E-mail').fill(`nobody.${Date.now()}@example.com`)
  await login.getByLabel('Password').fill('not the password')
  await login.getByRole('button', { name: 'LOGIN' }).click()

  await expect(login.getByText('Email address is invalid!')).toBeVisible()
  await expect(login.getByText('Password is invalid!')).toBeVisible()
  await expect(login.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(login.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/shop$/)

  // Escape closes the panel and its overlay.
  await page.keyboard.press('Escape')
  await expect(login).toHaveCount(0)
})

test('the login form works before JavaScript, on the login page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/auth/login')
  await page.getByLabel('E-mail').fill('demo@example.com')
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await expect(page.getByText('Email address is invalid!')).toBeVisible()
  await expect(page.getByText('Password is invalid!')).toBeVisible()
  await page.getByLabel('Password').fill('demo-password')
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Hi, Lucía' })).toBeVisible()
  await context.close()
})

test('a registration the server refuses says why before JavaScript, on the register page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/auth/register')
  await fillRegistration(page, 'demo@example.com')
  await page.getByRole('button', { name: 'Create account' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'Your account could not be created' })
  await expect(refusal).toContainText(
    'An account with this e-mail address already exists. Log in, or reset your password if you forgot it.',
  )
  await expect(page.getByLabel('E-mail')).toHaveValue('demo@example.com')
  await context.close()
})
