import { mailTo } from '../../../web/tests/mail.ts'
import { roomiestSimpleProduct } from '../../../web/tests/pages.ts'
import { expect, test } from '../../../web/tests/playwright.ts'
import { addToCart, checkOut } from '../../../web/tests/shopper.ts'
import { holdRequests } from '../../tests/routes.ts'
import { expectNoViolations, staffPage } from '../../tests/staff.ts'

test('a fan buys, fulfilment ships it with a tracking number, the manager refunds the line @phone', async ({
  page,
  browser,
}) => {
  // A purchase, two staff sessions and three axe runs: long on a busy machine.
  test.setTimeout(300_000)
  const email = `fan.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  await addToCart(page, `/product/${await roomiestSimpleProduct(page.request)}`)
  await checkOut(page, email, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  const number = new URL(page.url()).searchParams.get('number')!

  const fulfilment = await staffPage(browser, 'fulfilment')
  await fulfilment
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await fulfilment.getByLabel('Number or e-mail').fill(email)
  await fulfilment.getByRole('button', { name: 'Filter' }).click()
  await expect(fulfilment.getByText('1 order(s); page 1 of 1.')).toBeVisible()
  await expectNoViolations(fulfilment)
  await fulfilment.getByRole('link', { name: number }).click()
  await expect(fulfilment.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  // Fulfilment may ship, not cancel or refund.
  await expect(fulfilment.getByRole('button', { name: 'Refund…' })).toHaveCount(0)
  await expect(fulfilment.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0)
  // A field left empty is named; once it is filled, the same form sends.
  await fulfilment.getByLabel('Carrier').fill('Correos')
  await fulfilment.getByRole('button', { name: 'Mark as shipped' }).click()
  await expect(fulfilment.getByLabel('Tracking number')).toHaveAccessibleDescription(
    'Enter the tracking number.',
  )
  await fulfilment.getByLabel('Tracking number').fill('PQ123456789ES')
  await fulfilment.getByRole('button', { name: 'Mark as shipped' }).click()
  await expect(
    fulfilment.getByText('The order is shipped and the customer has the shipping e-mail.'),
  ).toBeVisible()
  await expect(fulfilment.getByText('Shipped with Correos, tracking number PQ123456789ES')).toBeVisible()
  await expect(fulfilment.getByText('Shipping e-mail sent to the customer')).toBeVisible()
  await expectNoViolations(fulfilment)
  expect(await mailTo(email, `Your order ${number} has shipped`)).toContain('PQ123456789ES')

  const manager = await staffPage(browser, 'manager')
  await manager.goto(`/admin/orders/${number}`)
  await manager.getByRole('button', { name: 'Refund…' }).click()
  const dialog = manager.getByRole('dialog', { name: 'Refund this order' })
  await expect(dialog).toBeVisible()
  await expectNoViolations(manager)
  // Nothing chosen is refused in the dialog; choosing a unit then refunds it.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(dialog.getByText('Choose at least one line or the shipping to refund.')).toBeVisible()
  // A quantity below zero is named at its field, and nothing is sent.
  const units = dialog.getByLabel(/^Units of .* to refund/)
  await units.fill('-1')
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(units).toHaveAccessibleDescription('Enter 0 or more.')
  await expect(units).toHaveAttribute('aria-invalid', 'true')
  // Read as typed, as the API reads it: "1e2" (which a number box lets through) is no quantity.
  for (const typed of ['1e2', '2E1']) {
    await units.fill(typed)
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(units, typed).toHaveAccessibleDescription('Enter a quantity.')
  }
  // More units than the line has left: the API's refusal names the product as the order shows it.
  const product = await manager
    .getByRole('region', { name: 'Lines' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .first()
    .textContent()
  await units.fill('2')
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    `Only 1 of ${product} can still be refunded: the order has 1, 0 refunded.`,
  )
  await units.fill('1')
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(manager.getByText('The refund is done.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(manager.getByText(/Refunded €[\d.,]+: 1 × /)).toBeVisible()
  await expectNoViolations(manager)

  // A second press while the note is on its way sends nothing more: one note, not two.
  const notes = await holdRequests(manager, '**/admin/api/orders/*/notes')
  await manager.getByLabel('Internal note').fill('Called the customer about the refund.')
  const addNote = manager.getByRole('button', { name: 'Add note' })
  await addNote.click()
  await expect.poll(() => notes.sent.length).toBe(1)
  // Forced: Playwright waits for an aria-disabled button to be enabled, a person's click does not.
  await addNote.click({ force: true })
  notes.release()
  await expect(manager.getByText('Called the customer about the refund.')).toHaveCount(1)
  expect(notes.sent).toHaveLength(1)
  await notes.unroute()

  // Two clicks in the same instant (a double click) send the note once, too.
  await manager.getByLabel('Internal note').fill('Parcel left with the neighbour.')
  await addNote.dblclick()
  await expect(manager.getByText('The note is added.')).toBeVisible()
  await expect(manager.getByText('Parcel left with the neighbour.')).toHaveCount(1)
  const order = await manager.request.get(`/admin/api/orders/${number}`)
  const timeline = (await order.json()).timeline as { text: string }[]
  expect(timeline.filter((event) => event.text === 'Parcel left with the neighbour.')).toHaveLength(1)

  // A note the network sends twice (a retried request) is added once: the form's key names it.
  let sentTwice = 0
  await manager.route('**/admin/api/orders/*/notes', async (route) => {
    await route.fetch()
    await route.continue()
    sentTwice += 1
  })
  await manager.getByLabel('Internal note').fill('Asked for a signature.')
  await addNote.click()
  await expect.poll(() => sentTwice).toBe(1)
  await expect(manager.getByText('Asked for a signature.').first()).toBeVisible()
  await manager.unroute('**/admin/api/orders/*/notes')
  const retried = await manager.request.get(`/admin/api/orders/${number}`)
  const after = (await retried.json()).timeline as { text: string }[]
  expect(after.filter((event) => event.text === 'Asked for a signature.')).toHaveLength(1)
})
