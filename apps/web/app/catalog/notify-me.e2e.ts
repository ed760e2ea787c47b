import AxeBuilder from '@axe-core/playwright'
import type { ProductJson } from '@fanshop/core'
import { expect, test } from '../../tests/catalog-fixtures.ts'
import { hydrated } from '../../tests/pages.ts'

// Issue 9: a sold-out choice offered no way to hear when it is back.
test('a sold-out choice takes an e-mail to write to once it is back in stock @phone', async ({
  page,
  request,
}) => {
  const cap = (await (await request.get('/wp-json/wc/v3/products/number-9-dad-cap')).json()) as ProductJson
  const navy = cap.variations.find((v) => v.attributes[0]?.option === 'Navy')!
  expect(navy.stock_status).toBe('outofstock')
  await page.goto('/product/number-9-dad-cap?colour=Navy&size=One+Size')
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled()
  const form = page.locator('form.notify-me')
  await expect(form.getByRole('heading', { name: 'Notify me' })).toBeVisible()
  const email = `notify.${Date.now()}@example.com`
  await form.getByLabel('E-mail').fill(email)
  await form.getByRole('button', { name: 'E-mail me when it is back' }).click()
  await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(
    `Thank you. We will write to ${email} once, as soon as it is back in stock.`,
  )
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

// Issue 9: the form only showed for a sold-out choice reached by a link; the picker's sold-out sizes were disabled.
test('a sold-out size chosen in the picker stays marked sold out, cannot be added, and offers Notify me @phone', async ({
  page,
}) => {
  await page.goto('/product/extra-time-tour-tee')
  await page
    .getByRole('group', { name: /Colour/ })
    .getByRole('radio', { name: 'Black' })
    .check()
  const size = page.getByRole('group', { name: /Size/ })
  const xs = size.getByRole('radio', { name: 'XS (sold out)' })
  await xs.check()
  await expect(page).toHaveURL(/colour=Black&size=XS/)
  await expect(xs).toBeChecked()
  await expect(size.locator('.option__label', { hasText: /^XS/ })).toHaveCSS(
    'text-decoration-line',
    'line-through',
  )
  await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0)
  const form = page.locator('form.notify-me')
  await expect(form.getByRole('heading', { name: 'Notify me' })).toBeVisible()
  await expect(form.getByRole('button', { name: 'E-mail me when it is back' })).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

// Issue 15: the form's code loads only on a sold-out choice; the server still sends it whole, even
// on a fresh server's first render of the page (where the code is not loaded yet), so a browser
// without JavaScript shows it.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a sold-out choice still offers Notify me, sent whole by the server @phone', async ({ page }) => {
    await page.goto('/product/number-9-dad-cap?colour=Navy&size=One+Size&nojs=1')
    const form = page.locator('form.notify-me')
    await expect(form.getByRole('heading', { name: 'Notify me' })).toBeVisible()
    await expect(form).toHaveAttribute('method', 'post')
    await expect(form).toHaveAttribute('action', '/cart/stock-alert')
    await expect(form.getByLabel('E-mail')).toBeEditable()
    await expect(form.getByRole('button', { name: 'E-mail me when it is back' })).toBeVisible()
  })

  // The route's loader sent every visit to /shop, and after a posted form React Router runs the
  // loaders too: the answer to a form posted without JavaScript was that redirect, and nothing said.
  test('the posted form answers on its own page, with the way back @phone', async ({ page }) => {
    await page.goto('/product/number-9-dad-cap?colour=Navy&size=One+Size&nojs=1')
    const form = page.locator('form.notify-me')
    const email = `notify.nojs.${Date.now()}@example.com`
    await form.getByLabel('E-mail').fill(email)
    await form.getByRole('button', { name: 'E-mail me when it is back' }).click()
    await expect(page).toHaveURL(/\/cart\/stock-alert$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Notify me' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Thank you. We will write to ${email} once, as soon as it is back in stock.`,
    )
    await page.getByRole('link', { name: 'Back to the product' }).click()
    await expect(page).toHaveURL(/\/product\/number-9-dad-cap\?colour=Navy&size=One\+Size&nojs=1$/)
  })

  test('an address the shop cannot use is explained on that page', async ({ page }) => {
    await page.goto('/product/number-9-dad-cap?colour=Navy&size=One+Size&nojs=1')
    const form = page.locator('form.notify-me')
    await form.getByLabel('E-mail').fill('fan@localhost')
    await form.getByRole('button', { name: 'E-mail me when it is back' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('valid e-mail')
    await expect(page.getByRole('link', { name: 'Back to the product' })).toBeVisible()
  })
})
