import { expect, test } from '../../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

test('the manager finds a customer, disables the account, and its login is refused with a clear message', async ({
  page,
}) => {
  test.slow()
  const email = `disable.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  const registered = await page.request.post('/wp-json/wp/v2/register', {
    data: {
      firstname: 'Dora',
      lastname: 'Disabled',
      email,
      password: 'correct horse',
      password_repeat: 'correct horse',
      registration_checkbox: 'accepted',
      gender: 'Female',
      birth_day: '7',
      birth_month: 'March',
      birth_year: '1990',
    },
  })
  expect(registered.ok()).toBe(true)

  await logIn(page, 'manager')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible()
  await page.getByLabel('Name or e-mail').fill(email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('1 customer(s); page 1 of 1.')).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('link', { name: 'Dora Disabled' }).click()
  await expect(page.getByRole('heading', { name: 'Dora Disabled' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download their data (JSON)' })).toHaveAttribute(
    'href',
    /\/admin\/api\/customers\/\d+\/export$/,
  )
  await expectNoViolations(page)
  // The erasure dialog traps focus and closes on Escape without erasing anything.
  await page.getByRole('button', { name: 'Erase personal data…' }).click()
  const dialog = page.getByRole('dialog', { name: /Erase .*personal data\?/ })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('billing country')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Disable the account' }).click()
  await expect(
    page.getByText('The account is disabled: its sessions ended and it cannot log in.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enable the account' })).toBeVisible()

  await page.goto('/auth/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('correct horse')
  await page.getByLabel('Password').press('Enter')
  await expect(page.getByText('This account has been disabled. Please contact the shop')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('after Back the search field shows the search the list shows', async ({ page }) => {
  await logIn(page, 'manager')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible()
  const field = page.getByLabel('Name or e-mail')
  await field.fill('zzzz-nobody')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/search=zzzz-nobody/)
  await page.goBack()
  await expect(page).not.toHaveURL(/search=/)
  await expect(field).toHaveValue('')
  await page.goForward()
  await expect(field).toHaveValue('zzzz-nobody')
})

test('a page past the last says so and leads back to the last page', async ({ page }) => {
  await logIn(page, 'manager')
  await page.goto('/admin/customers?page=999')
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible()
  await expect(page.getByText(/This page is past the last one/)).toBeVisible()
  const lastPage = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Last page' })
  const last = new URLSearchParams((await lastPage.getAttribute('href'))?.split('?')[1]).get('page')
  expect(Number(last)).toBeGreaterThanOrEqual(1)
  await lastPage.click()
  await expect(page).toHaveURL(new RegExp(`page=${last}$`))
  await expect(page.getByText(`page ${last} of ${last}.`, { exact: false })).toBeVisible()
})
