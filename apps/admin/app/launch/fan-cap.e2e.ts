/**
 * A drop limited per fan, from the back office to a fan's login: the team imports a product capped
 * at 1, a fan's account already holds one, and the one the fan put in the bag as a guest goes back
 * to the shop when they log in. The bag says which, on this device and on any other, until it
 * changes.
 */
import { CSV_COLUMNS, CSV_OPTIONAL_COLUMNS } from '@fanshop/core'
import { expect, test } from '../../../web/tests/playwright.ts'
import { acceptCookies, registerCustomer } from '../../../web/tests/shopper.ts'
import { staffPage } from '../../tests/staff.ts'

/** The catalogue file's header, the per-fan limit last (the export's order). */
const HEADER = [...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS].join(',')

test('a fan logging in with a capped item their account already has is shown what went back', async ({
  page,
  browser,
}) => {
  test.slow()
  const staff = await staffPage(browser, 'manager')
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const slug = `e2e-capped-${tag}`
  const name = `E2E Capped ${tag}`
  const row = (status: string) => `${slug},${name},${status},,E2E-CAPPED-${tag.toUpperCase()},,12.00,,9,1`
  const imported = await staff.request.post('/admin/api/catalog/import', {
    data: { csv: `${HEADER}\n${row('publish')}\n` },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  try {
    // The fan's account already holds the one unit the cap allows, in a cart of the account.
    const fan = await registerCustomer(page.request)
    const login = await page.request.post('/wp-json/jwt-auth/v1/token', {
      data: { username: fan.email, password: fan.password },
    })
    const authorization = `Bearer ${(await login.json()).data.token}`
    const [product] = await (await page.request.get(`/wp-json/wc/v3/products?slug=${slug}`)).json()
    const own = await page.request.post('/api/v1/orders.json', {
      headers: { authorization },
      data: { order: { line_items: [{ variant_id: product.id, quantity: 1 }] } },
    })
    expect(own.status(), await own.text()).toBe(201)
    expect((await own.json()).line_items).toHaveLength(1)

    // As a guest on this phone the fan puts one more in the bag, then logs in.
    await page.goto(`/product/${slug}`)
    await acceptCookies(page)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    const bag = page.getByRole('dialog', { name: '1 item' })
    await expect(bag).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(bag).toHaveCount(0)
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const panel = page.getByRole('dialog', { name: 'Login' })
    await panel.getByLabel('E-mail').fill(fan.email)
    await panel.getByLabel('Password').fill(fan.password)
    await panel.getByLabel('Password').press('Enter')

    // The bag opens on the page the login leads to, and says what went back.
    await expect(page).toHaveURL(/\/profile$/)
    const notice = page
      .getByRole('dialog', { name: '1 item' })
      .getByRole('status')
      .filter({ hasText: 'Some items are limited per fan' })
    await expect(notice).toHaveText(
      `Some items are limited per fan and your account already had them, so these went back to the shop:1 × ${name}`,
    )
    // The bag's page says so too, and so would another device, until the bag changes.
    await page.goto('/cart')
    const onPage = page.getByRole('main').getByRole('status').filter({ hasText: 'limited per fan' })
    await expect(onPage).toContainText(`1 × ${name}`)
    await page
      .getByRole('main')
      .getByRole('button', { name: `Remove ${name}` })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'NO ITEMS HERE YET' })).toBeVisible()
    await expect(onPage).toHaveCount(0)
  } finally {
    // Back to a draft, so the shop's other tests see the demo alone.
    const drafted = await staff.request.post('/admin/api/catalog/import', {
      data: { csv: `${HEADER}\n${row('draft')}\n` },
    })
    expect(drafted.status(), await drafted.text()).toBe(200)
    await staff.context().close()
  }
})
