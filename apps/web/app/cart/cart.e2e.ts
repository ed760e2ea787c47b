import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../../tests/playwright.ts'
import {
  acceptCookies,
  addToCart,
  checkOut,
  logInFromPanel,
  payByCard,
  registerCustomer,
} from '../../tests/shopper.ts'

// A checkout is many page loads and form posts; on a busy machine that takes more than 30 s.
test.describe.configure({ timeout: 90_000 })

// Products no other browser test buys, with stock to spare for parallel runs.
const VINYL = '/product/offside-sessions-vinyl-lp'
const LOGO_CAP = '/product/embroidered-logo-cap'
const GIFT_BOX = '/product/gift-box'
// Two on the shelf, fewer than the per-order limit: the stock is what refuses a third.
const BEANIE = '/product/tour-beanie'

const uniqueEmail = () => `cart.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

test('a shopper fills the bag, changes quantities and removes a product only when sure @phone', async ({
  page,
}) => {
  await page.goto('/shop')
  await acceptCookies(page)
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
  const empty = page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })
  await expect(
    empty.getByText('We keep your bag for 1 hour, after which the items return to the shelves.'),
  ).toBeVisible()
  await expect(empty.getByRole('link', { name: 'BRING ME TO THE SHOP' })).toHaveAttribute('href', '/shop')
  await empty.getByRole('button', { name: 'Close' }).click()

  let panel = await addToCart(page, VINYL)
  await expect(panel).toHaveAccessibleName('1 item')
  await expect(page).not.toHaveURL(/cart=added/)
  await expect(panel.getByText(/Held for you for (59|60) minutes more/)).toBeVisible()

  panel = await addToCart(page, LOGO_CAP)
  await expect(panel).toHaveAccessibleName('2 items')
  await expect(panel.getByRole('link', { name: 'BUY' })).toHaveAttribute('href', '/cart')

  await panel.getByRole('button', { name: 'One more Offside Sessions Vinyl LP' }).click()
  await expect(panel).toHaveAccessibleName('3 items')
  await panel.getByRole('button', { name: 'One less Offside Sessions Vinyl LP' }).click()
  await expect(panel).toHaveAccessibleName('2 items')

  await panel.getByRole('button', { name: 'Remove Embroidered Logo Cap' }).click()
  const question = page.getByRole('alertdialog', { name: 'Do you want to remove product from cart?' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'No, leave in cart' }).click()
  await expect(question).toBeHidden()
  await expect(panel).toHaveAccessibleName('2 items')

  await panel.getByRole('button', { name: 'Remove Embroidered Logo Cap' }).click()
  await question.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(panel).toHaveAccessibleName('1 item')
  await expect(panel.getByText('Embroidered Logo Cap')).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'BUY' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  const summary = page.getByRole('table', { name: 'Order summary' })
  for (const row of [
    'Offside Sessions Vinyl LP',
    'Subtotal',
    'Shipping',
    'Payment Method',
    'Coupon Code',
    'Adjustment total',
    'Total',
  ]) {
    await expect(summary.getByRole('rowheader', { name: new RegExp(`^${row}`) })).toBeVisible()
  }

  await page.getByRole('button', { name: 'Remove Offside Sessions Vinyl LP' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click()
  await expect(page.getByRole('heading', { name: 'NO ITEMS HERE YET' })).toBeVisible()
})

test('a coupon reads "N% on full basket" and a wrong code says so', async ({ page }) => {
  await addToCart(page, GIFT_BOX)
  await page.goto('/cart')
  await page.getByLabel('Coupon code').fill('NOT-A-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText('The coupon code "NOT-A-CODE" does not exist.')
  await page.getByLabel('Coupon code').fill('fans15')
  await page.getByRole('button', { name: 'Apply' }).click()
  const summary = page.getByRole('table', { name: 'Order summary' })
  await expect(summary.getByRole('row', { name: /Coupon Code/ })).toContainText('FANS15: 15% on full basket')
  await expect(summary.getByRole('row', { name: /Adjustment total/ })).toContainText('-€')
})

test('raising a quantity beyond the stock explains it in a dialog', async ({ page }) => {
  await page.goto(BEANIE)
  await acceptCookies(page)
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  const available = Number(await quantity.getAttribute('max'))
  expect(available).toBeGreaterThan(0)
  await quantity.fill(String(available))
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const panel = page.getByRole('dialog')
  await panel.getByRole('button', { name: 'One more Tour Beanie' }).click()
  const failure = page.getByRole('alertdialog', { name: 'Product is out of stock for requested quantity.' })
  await expect(failure).toBeVisible()
  await failure.getByRole('button', { name: 'Okay!' }).click()
  await expect(failure).toBeHidden()
  await panel.getByRole('button', { name: 'One less Tour Beanie' }).click()
  await expect(panel).toHaveAccessibleName(`${available - 1} ${available - 1 === 1 ? 'item' : 'items'}`)
})

// A refusal by the per-order limit (or the per-fan cap) read 'out of stock', with units on the shelf;
// and plus at the limit sent a raise only to be refused, saying nothing of the limit before.
test('at the per-order limit plus says the limit and sends nothing, and an add beyond it is refused in its words', async ({
  page,
}) => {
  await page.goto(GIFT_BOX)
  await acceptCookies(page)
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  await quantity.fill('5')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const panel = page.getByRole('dialog')
  await expect(panel).toHaveAccessibleName('5 items')
  const plus = panel.getByRole('button', { name: 'One more Gift Box' })
  await expect(plus).toBeDisabled()
  await expect(plus).toHaveAccessibleDescription('Limit 5 per order.')
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await plus.press('Enter')
  await panel.getByRole('button', { name: 'One less Gift Box' }).click()
  await expect(panel).toHaveAccessibleName('4 items')
  expect(posts).toHaveLength(1)
  await expect(plus).toBeEnabled()
  await expect(plus).not.toHaveAccessibleDescription('Limit 5 per order.')
  await plus.click()
  await expect(panel).toHaveAccessibleName('5 items')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await quantity.fill('1')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(
    page.getByRole('alertdialog', { name: 'You can have at most 5 of this product in one order.' }),
  ).toBeVisible()
})

test('a change refused because another tab emptied the bag shows the bag as it is now', async ({
  page,
  context,
}) => {
  const other = await context.newPage()
  const emptyInOtherTab = async () => {
    await other.goto('/cart')
    await other.getByRole('button', { name: 'Remove Embroidered Logo Cap' }).click()
    await other.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click()
    await expect(other.getByRole('heading', { name: 'NO ITEMS HERE YET' })).toBeVisible()
  }

  // On /cart: the line is gone, so the refused change brings the bag as it is, and its heading says so.
  await addToCart(page, LOGO_CAP)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag · 1 item' })).toBeVisible()
  await emptyInOtherTab()
  await page.getByRole('button', { name: 'One more Embroidered Logo Cap' }).click()
  await expect(page.getByRole('heading', { name: 'NO ITEMS HERE YET' })).toBeFocused()

  // In the panel, whose bag is the frame's.
  const panel = await addToCart(page, LOGO_CAP)
  await expect(panel).toHaveAccessibleName('1 item')
  await emptyInOtherTab()
  await panel.getByRole('button', { name: 'One more Embroidered Logo Cap' }).click()
  await expect(page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })).toBeVisible()
})

test('a shopper logs in, checks out with the approved card and finds the order in the profile', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, { lastname: 'Garcia' })
  const { email } = customer

  // The guest's bag comes along into the account at login.
  const panel = await addToCart(page, VINYL)
  await panel.getByRole('button', { name: 'Close' }).click()
  await logInFromPanel(page, customer)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible()

  await checkOut(page, email, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is confirmed' })).toBeVisible()
  const number = new URL(page.url()).searchParams.get('number')!
  await expect(page.getByLabel('Order number')).toHaveValue(number)
  await expect(page.getByText(`A confirmation e-mail is on its way to ${email}.`)).toBeVisible()
  await expect(page.getByRole('table', { name: `Order ${number}` })).toContainText('ending in 4242')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' })).toBeVisible()

  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/thank-you/)
  await expect(page.getByLabel('Order number')).toHaveValue(number)

  await page.goto('/profile/orders')
  const row = page.getByRole('listitem').filter({ hasText: `Order ${number}` })
  await expect(row).toContainText('Paid: being packed')
  await row.getByRole('link', { name: `Order ${number}` }).click()
  await expect(page).toHaveURL(`/order/details?number=${number}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Items and totals' })).toContainText('ending in 4242')
})

test('a declined card lands on /order/failed and the order can be paid again', async ({ page }) => {
  await addToCart(page, VINYL)
  await checkOut(page, uniqueEmail(), '4000 0000 0000 0002')
  await expect(page).toHaveURL(/\/order\/failed\?number=R\d{9}$/)
  await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible()
  await expect(
    page.getByText('Your card was declined. Try another card or pay by bank transfer.'),
  ).toBeVisible()

  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/\/checkout\?step=payment$/)
  await payByCard(page, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/order\/confirmation/)
})

test('the cart panel, the bag and the checkout have no accessibility violations', async ({ page }) => {
  await addToCart(page, GIFT_BOX)
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([])
  await page.goto('/cart')
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([])
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page.getByLabel('E-mail')).toBeVisible()
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([])
})

test('on /cart a keyboard keeps its place: the quantity buttons while a change is sent, the removal question and the removal', async ({
  page,
}) => {
  await addToCart(page, GIFT_BOX)
  await page.goto('/cart')
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
  // A button disabled while its change was sent dropped focus to the page's body.
  await page.getByRole('button', { name: 'One more Gift Box' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/2 items/)
  expect(await focusedName()).toBe('One more Gift Box')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/1 item$/)
  await expect(page.getByRole('button', { name: 'Remove Gift Box' })).toBeFocused()

  // The question closes (Escape says no) and focus goes back to Remove, not the page's body.
  await page.keyboard.press('Enter')
  const question = page.getByRole('alertdialog', { name: 'Do you want to remove product from cart?' })
  await expect(question).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(question).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove Gift Box' })).toBeFocused()

  await page.keyboard.press('Enter')
  await question.getByRole('button', { name: 'Yes, remove' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'NO ITEMS HERE YET' })).toBeFocused()
})
