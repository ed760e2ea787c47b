/**
 * The drop's settings page in a browser: a manager finds it in the navigation, a wrong value is
 * explained by the field before anything is sent, and a save says so; fulfilment does not see it.
 * The waiting room stays off, as the shared test server runs without one.
 */
import { expect, test } from '../../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

test('a manager sets the drop’s pace, told about a wrong value first @phone', async ({ page }) => {
  test.slow()
  await logIn(page, 'manager')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Drop' }).click()
  await expect(page.getByRole('heading', { name: 'Drop' })).toBeVisible()
  await expectNoViolations(page)

  const rate = page.getByLabel('Fans let in per minute')
  await rate.fill('0')
  await rate.blur()
  await expect(rate).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('must be a whole number from 1 to 1000000')).toBeVisible()
  await expectNoViolations(page)
  // Read as typed, as the API reads it: "1e2" (which a number box lets through) is not 100.
  for (const typed of ['1e2', '2E1']) {
    await rate.fill(typed)
    await rate.blur()
    await expect(rate, typed).toHaveAttribute('aria-invalid', 'true')
  }

  await rate.fill('120')
  await page.getByLabel('Most fans shopping at once').fill('500')
  await page.getByLabel('Waiting room on at the drop').uncheck()
  await page.getByRole('button', { name: 'Save the drop’s settings' }).click()
  await expect(page.getByText(/^Saved\. The waiting room is off/)).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Fans let in per minute')).toHaveValue('120')
  await expect(page.getByText(/^Saved in the back office by manager@example\.com/)).toBeVisible()
})

test('fulfilment staff do not see the drop’s settings', async ({ page }) => {
  await logIn(page, 'fulfilment')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Drop' })).toHaveCount(0)
})
