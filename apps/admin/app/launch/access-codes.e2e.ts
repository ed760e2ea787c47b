/**
 * The drop's access codes in the back office, on a shop whose launch is three days away: a code
 * made there opens the shop on /entercode, and disabled there, it stops the access it gave; the
 * list and the form are axe clean and work from the keyboard.
 */
import type { Page } from '@playwright/test'
import { cartButton, hydrated, roomiestSimpleProduct } from '../../../web/tests/pages.ts'
import { expect, test } from '../../../web/tests/pre-launch-server.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

/** A code of 5 letters or digits no other run has made (the shop's data is the worker's). */
const newCode = () => `Q${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase()

const enterCode = async (page: Page, code: string) => {
  await page.goto('/entercode')
  await hydrated(page)
  await page.getByLabel('Character 1 of 5').click()
  await page.keyboard.type(code.toLowerCase())
}

test('a code made in the back office opens the shop, and disabled there stops the access it gave', async ({
  page,
  browser,
  preLaunch,
}) => {
  test.slow()
  const code = newCode()
  await logIn(page, 'manager')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  // Next to the Drop screen in the navigation.
  await expect(nav.getByRole('listitem').filter({ hasText: 'Drop' }).locator('+ li')).toHaveText(
    'Access codes',
  )
  await nav.getByRole('link', { name: 'Access codes' }).click()
  await expect(page.getByRole('heading', { name: 'Access codes' })).toBeVisible()
  const press = page.getByRole('row', { name: /PRESS/ })
  await expect(press).toContainText('0 of 50')
  await expect(press).toContainText('yes')
  await expect(page.getByRole('row', { name: /FAN24/ })).toContainText('0 (unlimited)')
  await expect(page.getByRole('row', { name: /OLD20/ })).toContainText('expired')
  await expectNoViolations(page)

  await page.getByRole('link', { name: 'New access code' }).click()
  // The list's region is labelled "Access codes": the form's Code field is there once its page is.
  await expect(page.getByRole('heading', { level: 1, name: 'New access code' })).toBeVisible()
  await page.getByLabel('Code').fill('ab-1')
  await page.getByLabel('What it is for').fill('Street team')
  await page.getByRole('button', { name: 'Create the access code' }).click()
  await expect(page.getByText('must be 5 letters or digits')).toBeVisible()
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(
    /5 letters or digits, as the code boxes of \/entercode take them/,
  )
  await expectNoViolations(page)
  await page.getByLabel('Code').fill(code.toLowerCase())
  await page.getByLabel('Visitors who may enter it (empty: no limit)').fill('2')
  await page.getByRole('button', { name: 'Create the access code' }).click()
  const row = page.getByRole('row', { name: new RegExp(code) })
  await expect(row).toContainText('Street team')
  await expect(row).toContainText('0 of 2')
  await expect(row).toContainText('never')
  await expect(row).toContainText('active')

  // A second code with the same letters in another case is the same code.
  await page.getByRole('link', { name: 'New access code' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New access code' })).toBeVisible()
  await page.getByLabel('Code').fill(code.toLowerCase())
  await page.getByLabel('What it is for').fill('Again')
  await page.getByRole('button', { name: 'Create the access code' }).click()
  await expect(page.getByRole('alert')).toHaveText(`The access code "${code}" exists already.`)

  // A visitor enters it on /entercode, in any case, and can shop.
  const visitor = await (await browser.newContext({ baseURL: preLaunch.baseURL })).newPage()
  await enterCode(visitor, code)
  await expect(visitor).toHaveURL(/\/shop$/)
  const slug = await roomiestSimpleProduct(visitor.request)
  await visitor.goto(`/product/${slug}`)
  await visitor.getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartButton(visitor)).toHaveAttribute('aria-label', 'Cart, 1 item')

  // Disabled from the keyboard: the row's Enable takes the focus, and the visitor's access stops.
  await page.goto('/admin/access-codes')
  const disable = page.getByRole('button', { name: `Disable ${code}` })
  await disable.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`${code} is disabled: its grants stop too.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Enable ${code}` })).toBeFocused()
  await expect(row).toContainText('1 of 2')
  await expect(row).toContainText('disabled')
  await expectNoViolations(page)

  await visitor.goto(`/product/${slug}`)
  await visitor.getByRole('button', { name: 'Add to cart' }).click()
  await expect(
    visitor.getByRole('alertdialog', {
      name: 'The shop is not open yet. Enter your access code to shop before the launch.',
    }),
  ).toBeVisible()
  const other = await (await browser.newContext({ baseURL: preLaunch.baseURL })).newPage()
  await enterCode(other, code)
  await expect(other.getByRole('alert')).toHaveText('This access code is not valid.')

  await page.keyboard.press('Enter')
  await expect(page.getByText(`${code} is enabled.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Disable ${code}` })).toBeFocused()
})

test('a code’s limit, expiry and waiting-room skip are changed from the keyboard', async ({ page }) => {
  const code = newCode()
  await logIn(page, 'owner')
  const made = await page.request.post('/admin/api/access-codes', {
    data: { code, label: 'Guests', maxUses: 5 },
  })
  expect(made.status()).toBe(201)
  await page.goto('/admin/access-codes')
  await page.getByRole('link', { name: `Edit ${code}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Edit ${code}` })).toBeVisible()
  await expect(page.getByLabel('Code')).toHaveCount(0)
  const limit = page.getByLabel('Visitors who may enter it (empty: no limit)')
  await expect(limit).toHaveValue('5')
  await limit.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('0')
  await page.keyboard.press('Tab')
  await expect(page.getByText('must be a whole number from 1 to 1000000')).toBeVisible()
  // Read as typed, as the API reads it: "1e2" (which a number box lets through) is not 100.
  for (const typed of ['1e2', '2E1']) {
    await limit.fill(typed)
    await limit.blur()
    await expect(limit, typed).toHaveAccessibleDescription('must be a whole number from 1 to 1000000')
  }
  await limit.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('12')
  await page.getByLabel('Expires (your local time; empty: never)').fill('2098-06-01T09:30')
  const skips = page.getByLabel('Also skips the drop’s waiting room')
  await expect(skips).toHaveAccessibleDescription(/goes past the queue/)
  await skips.focus()
  await page.keyboard.press('Space')
  await expect(skips).toBeChecked()
  await expectNoViolations(page)
  await page.getByRole('button', { name: 'Save the access code' }).focus()
  await page.keyboard.press('Enter')
  const row = page.getByRole('row', { name: new RegExp(code) })
  await expect(row).toContainText('0 of 12')
  await expect(row).toContainText('1 Jun 2098')
  await expect(row).toContainText('yes')

  // The box unticked saves the other way.
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  await expect(skips).toBeChecked()
  await skips.focus()
  await page.keyboard.press('Space')
  await expect(skips).not.toBeChecked()
  await page.getByRole('button', { name: 'Save the access code' }).click()
  await expect(row).toContainText('0 of 12')
  await expect(row).not.toContainText('yes')
})

test('fulfilment staff do not see the access codes', async ({ page }) => {
  await logIn(page, 'fulfilment')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Access codes' })).toHaveCount(0)
  expect((await page.request.get('/admin/api/access-codes')).status()).toBe(403)
})
