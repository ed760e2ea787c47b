import { expect, test } from '../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../tests/staff.ts'

/*
 * A page that could not be drawn (a missing record, a page the role may not open, an address that
 * names no page) replaced the whole back office with the root's error page: no navigation, and
 * "Something went wrong" whatever the failure. It now shows inside the frame.
 */
test("a missing record is 'Not found' inside the frame, with the API's message, and focused when reached by a move", async ({
  page,
}) => {
  await logIn(page, 'manager')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await page.goto('/admin/products/999999')
  const heading = page.getByRole('heading', { level: 1, name: 'Not found' })
  await expect(heading).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('There is no product with id 999999.')
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expectNoViolations(page)

  await nav.getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused()
  await page.goBack()
  await expect(heading).toBeFocused()
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
})

test("a page the role may not open is 'Not allowed' inside the frame, and an unknown address 'Not found'", async ({
  page,
}) => {
  await logIn(page, 'fulfilment')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await page.goto('/admin/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your role does not allow this.')
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expectNoViolations(page)

  // Forms that read nothing before they are sent are refused as a page too, not drawn to be refused on
  // Save; the member is read once for the page, by the frame and the form's check together.
  const reads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/admin/api/me') reads.push(request.url())
  })
  for (const form of ['/admin/import', '/admin/coupons/new', '/admin/access-codes/new']) {
    reads.length = 0
    await page.goto(form)
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' }), form).toBeVisible()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your role does not allow this.')
    expect(reads, form).toHaveLength(1)
  }

  await page.goto('/admin/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'There is no back-office page at this address.',
  )
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
})

test("an address no record could have is 'Not found', and a list's bad page number 'Not a valid address', with the API's message", async ({
  page,
}) => {
  await logIn(page, 'manager')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  const alert = page.getByRole('main').getByRole('alert')
  // Each read 'Something went wrong', as if the shop had failed, over the API's 400.
  for (const address of ['/admin/orders/XYZ', '/admin/orders/999999']) {
    await page.goto(address)
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' }), address).toBeVisible()
    await expect(alert).toHaveText(
      'Invalid params parameter "number": must be an order number like R123456789',
    )
  }
  for (const address of ['/admin/customers/abc', '/admin/coupons/0']) {
    await page.goto(address)
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' }), address).toBeVisible()
    await expect(alert).toContainText('must be an id')
  }
  for (const list of ['orders', 'products', 'stock', 'customers']) {
    await page.goto(`/admin/${list}?page=-1`)
    await expect(page.getByRole('heading', { level: 1, name: 'Not a valid address' }), list).toBeVisible()
    await expect(alert).toContainText('"page": must be a page number from 1')
  }
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expectNoViolations(page)
})
