import { putOneInTheBag } from '../../../web/tests/pages.ts'
import { expect, test } from '../../../web/tests/playwright.ts'
import { COUNTS_UNAVAILABLE, countsUnavailableOnce } from '../../tests/routes.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

test('a coupon created in the back office takes effect in the storefront’s cart', async ({ page }) => {
  test.slow()
  const code = `E2E${Date.now().toString(36).toUpperCase()}`
  await logIn(page, 'manager')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Coupons' }).click()
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('link', { name: 'New coupon' }).click()
  await page.getByLabel('Code').fill(code.toLowerCase())
  await page.getByLabel('Percent off the full basket').fill('0')
  await page.getByRole('button', { name: 'Create the coupon' }).click()
  await expect(page.getByText('must be a whole percent from 1 to 100')).toBeVisible()
  await expectNoViolations(page)
  // Read as typed, as the API reads it: "1e2" (which a number box lets through) is not 100.
  const amount = page.getByLabel('Percent off the full basket')
  for (const typed of ['1e2', '2E1']) {
    await amount.fill(typed)
    await page.getByRole('button', { name: 'Create the coupon' }).click()
    await expect(amount, typed).toHaveAccessibleDescription('must be a whole percent from 1 to 100')
  }
  await page.getByLabel('Percent off the full basket').fill('20')
  await page.getByLabel('Total uses allowed (empty: no limit)').fill('50')
  // A field's hint is read with it.
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(
    'Letters, digits, - or _; shoppers may type it in any case.',
  )
  await expect(page.getByLabel('Uses per customer (empty: no limit)')).toHaveAccessibleDescription(
    'Guests are counted by e-mail address.',
  )
  await page.getByLabel('Uses per customer (empty: no limit)').fill('1')
  await page.getByRole('button', { name: 'Create the coupon' }).click()
  const row = page.getByRole('row', { name: new RegExp(code) })
  await expect(row).toContainText('20% on full basket')
  await expect(row).toContainText('0 of 50')
  await expect(row).toContainText('active')
  // Its edit page reads the one coupon (GET /admin/api/coupons/:id) into the form.
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  await expect(page.getByLabel('Code')).toHaveValue(code)
  await expect(page.getByLabel('Percent off the full basket')).toHaveValue('20')
  await expect(page.getByLabel('Total uses allowed (empty: no limit)')).toHaveValue('50')

  await putOneInTheBag(page)
  await page.goto('/cart')
  await page.getByLabel('Coupon code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  const summary = page.getByRole('table', { name: 'Order summary' })
  await expect(summary.getByRole('row', { name: /Coupon Code/ })).toContainText(`${code}: 20% on full basket`)

  // Ended in the back office, the code is refused to the next cart with the storefront's message.
  await page.goto('/admin/coupons')
  await page.getByRole('button', { name: `End ${code} now` }).click()
  await expect(page.getByText(`${code} has ended.`)).toBeVisible()
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await page.getByLabel('Coupon code').fill(code)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText(`The coupon code "${code}" has expired.`)
})

test('a keyboard keeps its place on the coupons while another coupon is ended', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  await logIn(page, 'manager')
  const [ended, kept] = [`GONE${suffix}`, `KEPT${suffix}`]
  for (const code of [ended, kept]) {
    const made = await page.request.post('/admin/api/coupons', { data: { code, amount: 10 } })
    expect(made.status()).toBe(201)
  }
  await page.goto('/admin/coupons')
  const end = page.getByRole('button', { name: `End ${kept} now` })
  await end.focus()
  await end.evaluate((button) => {
    button.dataset.kept = ''
  })
  // Another row's End now sent without moving the focus: the page is busy, then reads the list
  // again. The buttons were disabled while busy and drawn anew, and focus fell to the body.
  await page
    .getByRole('button', { name: `End ${ended} now` })
    .evaluate((button) => (button as HTMLButtonElement).form?.requestSubmit())
  await expect(page.getByText(`${ended} has ended.`)).toBeVisible()
  await expect(end).toBeFocused()
  expect(await end.evaluate((button) => 'kept' in button.dataset)).toBe(true)
})

test('a coupon ended with the keyboard hands the focus to the next row’s End now', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  await logIn(page, 'manager')
  // The list shows the newest first: OLDER's row follows NEWER's.
  const [older, newer] = [`OLDER${suffix}`, `NEWER${suffix}`]
  for (const code of [older, newer]) {
    const made = await page.request.post('/admin/api/coupons', { data: { code, amount: 10 } })
    expect(made.status()).toBe(201)
  }
  await page.goto('/admin/coupons')
  // Ended, the row keeps its place but has no End now: focus fell to the page's body (then to the
  // heading, as if the page were new). It goes to the next row's End now.
  await page.getByRole('button', { name: `End ${newer} now` }).press('Enter')
  await expect(page.getByText(`${newer} has ended.`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(newer) })).toContainText('ended')
  await expect(page.getByRole('button', { name: `End ${older} now` })).toBeFocused()
})

// The API's 503 with its message (a check it cannot make safely right now) is the form's message,
// as a 4xx is, not the error page: the coupon is still there to send again.
test('a coupon the API cannot save right now says why in its form', async ({ page }) => {
  const code = `BUSY${Date.now().toString(36).toUpperCase()}`
  await logIn(page, 'manager')
  await page.goto('/admin/coupons/new')
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Percent off the full basket').fill('10')
  await countsUnavailableOnce(page, '**/admin/api/coupons')
  await page.getByRole('button', { name: 'Create the coupon' }).click()
  await expect(page.getByRole('alert')).toHaveText(COUNTS_UNAVAILABLE)
  await expect(page.getByLabel('Code')).toHaveValue(code)
})
