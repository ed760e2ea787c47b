import { expect, test } from '../../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

test('the manager creates a variable product with stock, publishes it, and the shop shows it', async ({
  page,
}) => {
  // Many pages in one story (back office, shop, product page, back again) on a shared machine.
  test.setTimeout(240_000)
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const name = `Backoffice Drop Tee ${suffix}`
  const slug = `backoffice-drop-tee-${suffix}`
  await logIn(page, 'manager')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await nav.getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(21)
  await expectNoViolations(page)
  await nav.getByRole('link', { name: 'Categories' }).click()
  await expect(page.getByLabel('Name of T-Shirts')).toHaveValue('T-Shirts')
  await expectNoViolations(page)
  await nav.getByRole('link', { name: 'Products' }).click()

  await page.getByRole('link', { name: 'New product' }).click()
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await expect(page.getByLabel('Slug')).toHaveValue(slug)
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Printed for the drop.')
  await page.getByRole('group', { name: 'Colour' }).getByLabel('Black').check()
  const sizes = page.getByRole('group', { name: 'Size' })
  await sizes.getByLabel('M', { exact: true }).check()
  await sizes.getByLabel('L', { exact: true }).check()
  // The variations' SKUs come from the product's and their terms at a press; one typed is kept.
  await page.getByLabel('SKU', { exact: true }).fill(`BDT-${suffix}`)
  await page.getByLabel('SKU of Black, L').fill(`BDT-${suffix}-L`)
  await page.getByRole('button', { name: 'Fill empty SKUs' }).click()
  await expect(page.getByText('1 SKU(s) filled.')).toBeVisible()
  await expect(page.getByLabel('SKU of Black, M')).toHaveValue(`BDT-${suffix}-BLACK-M`.toUpperCase())
  await expect(page.getByLabel('SKU of Black, L')).toHaveValue(`BDT-${suffix}-L`)
  for (const size of ['M', 'L']) {
    await page.getByLabel(`Price of Black, ${size}`, { exact: true }).fill('31.50')
    await page.getByLabel(`Stock of Black, ${size}`).fill('6')
  }
  await page.getByRole('group', { name: 'Status' }).getByLabel('Published').check()
  // A limited drop: one tee per fan, its sizes counted together; a figure that is no limit is refused as typed.
  // Read as typed, as the API reads it: "1e2" is not 100, nor "0x10" 16.
  const limit = page.getByLabel('Limit per fan')
  for (const typed of ['0', '1e2', '0x10']) {
    await limit.fill(typed)
    await limit.blur()
    await expect(limit, typed).toHaveAccessibleDescription(
      /must be empty \(no limit\) or a whole number from 1 to 999/,
    )
  }
  await limit.fill('1')
  // A SKU another row holds (letter case aside) is refused, and what was typed stays.
  await page.getByLabel('SKU of Black, L').fill('ett-tee-black-m')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'The SKU "ETT-TEE-BLACK-M" is taken by Extra Time Tour Tee - Black, M; choose another.',
  )
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await page.getByLabel('SKU of Black, L').fill(`BDT-${suffix}-L`)
  await expectNoViolations(page)
  await page.getByRole('button', { name: 'Create product' }).click()

  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible()
  await expect(page.getByRole('status')).toContainText('Saved.')
  await expect(page.getByLabel('Stock of Black, L')).toHaveValue('6')
  await expect(page.getByLabel('Limit per fan')).toHaveValue('1')
  // Saved again at once from the page the creation led to (its first save sent no status, and was
  // refused without a word), the form holds nothing unsaved: a move on asks nothing.
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Printed for the drop, in M and L.')
  const updated = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/admin\/api\/products\/\d+$/.test(response.url()),
  )
  await page.getByRole('button', { name: 'Save product' }).click()
  expect((await updated).status()).toBe(200)
  await expect(page.getByRole('button', { name: 'Save product' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await expect(page.getByRole('status')).toContainText('Saved.')
  // The product's own SKU stays through the save (the form had no field for it, and a save erased it).
  const [legacy] = await (await page.request.get(`/wp-json/wc/v3/products?slug=${slug}`)).json()
  expect(legacy.sku).toBe(`BDT-${suffix}`)
  await nav.getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto('/shop?category=all&sort=newest')
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible()
  await page.goto(`/product/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('€31.50').first()).toBeVisible()
  await expect(page.getByText('Limit 1 per fan, across all your orders.')).toBeVisible()
  // The quantity offers no more than the cap: asked for 2, the fan is told the cap and offered 1.
  await page.goto(`/product/${slug}?colour=Black&size=M`)
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  await expect(quantity).toHaveAttribute('max', '1')
  await quantity.fill('2')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const capped = page.getByRole('alertdialog', { name: 'Limit 1 per fan, across all your orders.' })
  await expect(capped).toContainText('You asked for 2. Limit 1 per fan, across all your orders.')
  await expect(capped.getByRole('button', { name: 'Add 1 to the bag' })).toBeVisible()
  await capped.getByRole('button', { name: 'Change quantity' }).click()
  await expect(quantity).toHaveValue('2')

  // Unpublished again through the list's bulk action, so the shop's other tests see the demo alone.
  await page.goto(`/admin/products?search=${suffix}`)
  await page.getByLabel(`Select ${name}`).check()
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('1 product(s) unpublished.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Draft')
  const shop = await page.request.get(`/product/${slug}`)
  expect(shop.status()).toBe(404)
})

test('fulfilment staff cannot open the products', async ({ page }) => {
  test.slow()
  await logIn(page, 'fulfilment')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0)
  await page.goto('/admin/products')
  await expect(page.getByRole('alert')).toHaveText('Your role does not allow this.')
  await expectNoViolations(page)
})

test('a selection of products is dropped with the list it was made on, so Publish acts only on rows shown', async ({
  page,
}) => {
  await logIn(page, 'manager')
  await page.goto('/admin/products?sort=name&order=asc')
  const selectedForm = page.getByRole('form', { name: 'Selected products' })
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending')
  const names = await page.locator('tbody td:nth-child(2)').allInnerTexts()
  expect(names.length).toBeGreaterThan(2)
  for (const name of names.slice(0, 2)) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
  await expect(selectedForm).toContainText('2 selected')

  const filters = page.getByRole('form', { name: 'Find products' })
  await filters.getByLabel('Search').fill(names[2]!)
  await filters.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/search=/)
  await expect(selectedForm).toContainText('0 selected')
  await expect(selectedForm.getByRole('button', { name: 'Publish', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  )

  // A search longer than the API takes cannot be typed, so the list never becomes an error page.
  await filters.getByLabel('Search').fill('x'.repeat(150))
  await expect(filters.getByLabel('Search')).toHaveValue('x'.repeat(100))
  await filters.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/search=x{100}(&|$)/)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
})

test('the product list sorts by a column from its header, and the header says how', async ({ page }) => {
  await logIn(page, 'manager')
  await page.goto('/admin/products')
  const header = (name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name}`) })
  await expect(header('Updated')).toHaveAttribute('aria-sort', 'descending')
  await expect(header('Categories').getByRole('button')).toHaveCount(0)

  await header('Name').getByRole('button').click()
  await expect(page).toHaveURL(/sort=name&order=asc/)
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending')
  await expect(header('Updated')).not.toHaveAttribute('aria-sort')
  // The list sorts by the lowercased name, code point by code point.
  const names = (await page.locator('tbody td:nth-child(2)').allInnerTexts()).map((name) =>
    name.toLowerCase(),
  )
  expect(names.length).toBeGreaterThan(1)
  expect(names).toEqual([...names].sort())

  await header('Name').getByRole('button').click()
  await expect(page).toHaveURL(/sort=name&order=desc/)
  await expect(header('Name')).toHaveAttribute('aria-sort', 'descending')
  await expectNoViolations(page)
})

test('a save after the session ended in another tab keeps the form and says why; after logging in again it saves', async ({
  page,
}) => {
  test.slow()
  const name = `Session Ended Cap ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await logIn(page, 'manager')
  await page.goto('/admin/products/new')
  await page.getByRole('radio', { name: 'Simple' }).check()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('SKU', { exact: true }).fill(`SEC-${Date.now().toString(36)}`)
  await page.getByLabel('Price (€)', { exact: true }).fill('12.00')
  await page.getByLabel('Stock on hand').fill('0')
  // Logging out in another tab of this browser ends the session this page holds.
  const other = await page.context().newPage()
  await other.goto('/admin/')
  await other.getByRole('button', { name: 'Log out' }).click()
  await expect(other.getByRole('button', { name: 'Log in' })).toBeVisible()

  await page.getByRole('button', { name: 'Create product' }).click()
  // The page's loaders, run again after the refused save, were refused too and went to the login
  // page: what was typed was lost.
  await expect(page.getByRole('alert')).toHaveText(
    'Your session has ended. Log in again in another tab, then send this again: what you typed is still here.',
  )
  await expect(page).toHaveURL(/\/admin\/products\/new$/)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expectNoViolations(page)

  await logIn(other, 'manager')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?saved=1$/)
  await expect(page.getByRole('heading', { name: `Edit ${name}`, level: 1 })).toBeVisible()

  // Another save meanwhile: this page's save is refused, and so is a second press of Save, which
  // would otherwise write over the change it was refused for.
  await other.goto(new URL(page.url()).pathname)
  // The descriptions' editor loads after the form: a press before it is ready sends nothing.
  await expect(other.getByRole('button', { name: 'Heading' }).first()).toBeVisible()
  await other.getByLabel('Price (€)', { exact: true }).fill('14.00')
  await other.getByRole('button', { name: 'Save product' }).click()
  await expect(other).toHaveURL(/\?saved=1$/)
  await page.getByLabel('Price (€)', { exact: true }).fill('9.00')
  for (const press of ['first', 'second']) {
    await page.getByRole('button', { name: 'Save product' }).click()
    await expect(page.getByRole('alert'), press).toContainText('This product was changed since you opened it')
  }
  await other.reload()
  await expect(other.getByLabel('Price (€)', { exact: true })).toHaveValue('14.00')
})
