import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'
import { fillRegistration } from '../../tests/shopper.ts'

async function expectNoViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}

test('the login and register panels have no accessibility violations, with their messages showing', async ({
  page,
}) => {
  test.slow()
  await page.goto('/shop')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Login' })
  await login.getByLabel('E-mail').fill('a@b.c')
  await login.getByLabel('Password').focus()
  await expect(login.getByText('Value is too short!')).toBeVisible()
  await expectNoViolations(page, '[role="dialog"]')

  await login.getByRole('link', { name: 'Register here' }).click()
  const register = page.getByRole('dialog', { name: 'Register' })
  await register.getByLabel('First name').fill('A')
  await register.getByLabel('Last name').focus()
  await expect(register.getByText('Value is too short!')).toBeVisible()
  await expectNoViolations(page, '[role="dialog"]')
})

test('the profile pages, the login page and the reset page have no accessibility violations', async ({
  page,
}) => {
  test.slow()
  await page.goto('/auth/reset')
  await expectNoViolations(page, 'main')

  await page.goto('/auth/login')
  // Its invitation is muted text on the page's background, not the panel's white.
  await expectNoViolations(page, 'main')
  await page.getByLabel('E-mail').fill('demo@example.com')
  await page.getByLabel('Password').fill('demo-password')
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  for (const path of [
    '/profile',
    '/profile/details',
    '/profile/orders',
    '/profile/password',
    '/profile/settings',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible()
    await expectNoViolations(page, 'main')
  }
})

test('a refused registration’s dialog gives focus back to Create account when it closes', async ({
  page,
}) => {
  await page.goto('/auth/register')
  await fillRegistration(page, 'demo@example.com')
  const createAccount = page.getByRole('button', { name: 'Create account' })
  await createAccount.press('Enter')
  const refusal = page.getByRole('alertdialog', { name: 'Your account could not be created' })
  await expect(refusal.getByRole('button', { name: 'Okay!' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(refusal).toHaveCount(0)
  // Radix gives focus back to a Dialog.Trigger only: this dialog has none, and focus fell to the body.
  await expect(createAccount).toBeFocused()
})
