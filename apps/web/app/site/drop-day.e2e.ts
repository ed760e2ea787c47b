/**
 * The frame as a first-time fan meets it on drop day, on a phone and on a desktop: the cookie bar
 * never covers a primary action (every storefront form takes a tap at 390 px), one tap on a
 * header button switches panels, the phone's 404 page leads home on its first screen, focus lands
 * on the new page's heading, and wide screens have a footer with the legal menu and contact.
 */
import type { Locator, Page } from '@playwright/test'
import { putOneInTheBag, roomiestSimpleProduct } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'
import { fillAddress, fillAddressFields } from '../../tests/shopper.ts'

const cookieBox = (page: Page) => page.locator('.cookie-bar__box')

/** Whether the centre of the control is the control itself (nothing drawn over it) and clear of the cookie bar. */
async function uncovered(page: Page, control: Locator): Promise<boolean> {
  const box = (await control.boundingBox())!
  const bar = (await cookieBox(page).boundingBox())!
  const overlaps =
    box.x < bar.x + bar.width &&
    bar.x < box.x + box.width &&
    box.y < bar.y + bar.height &&
    bar.y < box.y + box.height
  const hit = await control.evaluate((element) => {
    const r = element.getBoundingClientRect()
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return top !== null && element.contains(top)
  })
  return hit && !overlaps
}

/** Scrolls the control as far down the screen as the page lets it go, as a thumb would, then asks {@link uncovered}. */
async function scrolledClear(page: Page, control: Locator): Promise<boolean> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }))
  return uncovered(page, control)
}

test('the cookie bar never covers the buy bar, BUY or the checkout buttons, from 320 px up @phone', async ({
  page,
}) => {
  const slug = await roomiestSimpleProduct(page.request)
  for (const width of [320, 390, 800, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 700 : 800 })
    await page.goto(`/product/${slug}`)
    await expect(cookieBox(page)).toBeVisible()
    const add = page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' })
    await expect.poll(() => uncovered(page, add), `ADD TO CART at ${width} px`).toBe(true)
  }
  await page.setViewportSize({ width: 320, height: 640 })
  await putOneInTheBag(page)
  await expect(cookieBox(page)).toBeVisible()
  for (const [path, name] of [
    ['/cart', 'Checkout'],
    ['/checkout', 'Continue to shipping'],
  ] as const) {
    await page.goto(path)
    const action = page.getByRole('main').getByRole('button', { name, exact: true })
    await expect(action).toBeVisible()
    await expect.poll(() => scrolledClear(page, action), `${path} at 320 px`).toBe(true)
  }
})

test.describe('before the JavaScript has run', () => {
  test.use({ javaScriptEnabled: false })

  test('the buy bar and the last button of /cart are already clear of the cookie bar at 320 px @phone-only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    const slug = await roomiestSimpleProduct(page.request)
    await page.goto(`/product/${slug}`)
    await expect(cookieBox(page)).toBeVisible()
    const add = page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' })
    expect(await uncovered(page, add), 'ADD TO CART').toBe(true)
    await add.click()
    await page.goto('/cart')
    await expect(cookieBox(page)).toBeVisible()
    const checkout = page.getByRole('main').getByRole('button', { name: 'Checkout', exact: true })
    await expect(checkout).toBeVisible()
    expect(await scrolledClear(page, checkout)).toBe(true)
  })
})

test('with a panel open, one tap on another header button opens that one @phone', async ({ page }) => {
  await page.goto('/home')
  const header = page.locator('.site-header')
  await header.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()

  await header.locator('.site-header__cart').click()
  await expect(page.getByRole('dialog', { name: 'NO ITEMS HERE YET' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(1)

  // While a panel is open the page behind it (the header too) is hidden from the accessibility tree.
  const button = (name: string) => header.locator(`button[aria-label="${name}"]`)
  await button('Share and follow').click()
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(1)

  await button('Log in').click()
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(1)

  await button('Log in').click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test.describe('on a phone', () => {
  // A first-time fan on a 390 px phone, cookie bar still up: each storefront form's button takes
  // a real tap (Playwright's tap refuses a button something else is drawn over), through to the
  // placed order. A lead said Place order was covered there; it was not, and this keeps it so.
  test('every form takes a tap at 390 px with the cookie bar up, through to the placed order @phone-only', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    const main = page.getByRole('main')
    const email = `tap.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

    await page.goto('/auth/register')
    await expect(cookieBox(page)).toBeVisible()
    await main.getByLabel('First name').fill('Ana')
    await main.getByLabel('Last name').fill('Lopez')
    await main.getByLabel('E-mail').fill(email)
    await main.getByLabel('Password', { exact: true }).fill('correct horse')
    await main.getByLabel('Repeat password').fill('correct horse')
    await main.getByLabel('Female').tap()
    await main.getByLabel('Year of birth').selectOption('2000')
    await main.getByLabel('Month of birth').selectOption('February')
    await main.getByLabel('Day of birth').selectOption('20')
    await main.getByRole('checkbox', { name: /I accept the terms and conditions/ }).tap()
    await main.getByRole('button', { name: 'Create account' }).tap()
    await expect(page.getByText('Your account has been created')).toBeVisible()

    await page.goto('/auth/login')
    await main.getByLabel('E-mail').fill(email)
    await main.getByLabel('Password').fill('correct horse')
    await main.getByRole('button', { name: 'LOGIN' }).tap()
    await expect(page).toHaveURL(/\/profile$/)

    await page.goto('/profile/addresses')
    await fillAddressFields(page)
    await main.getByRole('button', { name: 'Save address' }).tap()
    await expect(page.getByText('The address has been saved.')).toBeVisible()

    await putOneInTheBag(page)
    await page.goto('/cart')
    await expect(cookieBox(page)).toBeVisible()
    await main.getByRole('button', { name: /^One more/ }).tap()
    await expect(main.getByRole('heading', { name: /· 2 items$/ })).toBeVisible()
    await main.getByLabel('Coupon code').fill('fans15')
    await main.getByRole('button', { name: 'Apply' }).tap()
    await expect(page.locator('.coupon-form__applied')).toContainText('FANS15')
    await main.getByRole('button', { name: 'Checkout', exact: true }).tap()

    await expect(main.getByLabel('E-mail')).toHaveValue(email)
    await main.getByRole('button', { name: 'Continue to shipping' }).tap()
    await main.getByRole('button', { name: 'Continue to payment' }).tap()
    await main.getByLabel('Name on card').fill('Ana García')
    await main.getByLabel('Card number').fill('4242 4242 4242 4242')
    await main.getByLabel('Expiry month').selectOption('12')
    await main.getByLabel('Expiry year').selectOption({ index: 3 })
    await main.getByLabel('Security code').fill('123')
    await main.getByRole('checkbox', { name: /I accept the terms and conditions/ }).tap()
    await expect(cookieBox(page)).toBeVisible()
    await main.getByRole('button', { name: 'Place order' }).tap()
    await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  })

  test('the 404 page leads home on its first screen, with Home listed once @phone-only', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto('/this-page-does-not-exist')
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeInViewport()
    await expect(page.getByRole('link', { name: 'Go back to home' })).toBeInViewport({ ratio: 1 })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveCount(1)
  })
})

test('after a page change focus is on the new main heading, and the cookie bar is reached early @phone', async ({
  page,
}) => {
  await page.goto('/home')
  let reached = false
  for (let presses = 0; presses < 4 && !reached; presses++) {
    await page.keyboard.press('Tab')
    reached = await page.evaluate(() => Boolean(document.activeElement?.closest('.cookie-bar')))
  }
  expect(reached, 'the cookie bar within four Tab presses').toBe(true)

  await page.goto('/shop')
  await page
    .getByRole('main')
    .getByRole('link', { name: /./ })
    .filter({ has: page.locator('img') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/product\//)
  const heading = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(heading).toBeFocused()
})

test('after a page change from a link in the menu panel focus is on the new main heading, not the Menu button @phone', async ({
  page,
}) => {
  // Both pages have the Menu button (spec 2), which Radix used to give focus back to.
  await page.goto('/entercode')
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' })
  await menuButton.click()
  const navigation = page.getByRole('dialog', { name: 'Menu' })
  await navigation
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Home', exact: true })
    .press('Enter')
  await expect(page).toHaveURL(/\/home$/)
  await expect(navigation).toHaveCount(0)
  await expect(menuButton).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()
  await expect(menuButton).not.toBeFocused()
})

test("after a coupon or a checkout step focus is on what took the form's place, not the body @phone", async ({
  page,
}) => {
  await putOneInTheBag(page)
  await page.goto('/cart')
  await page.getByLabel('Coupon code').fill('fans15')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.locator('.coupon-form__applied')).toBeFocused()
  await expect(page.locator('.coupon-form__applied')).toContainText('FANS15')
  await page.locator('.coupon-form').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByLabel('Coupon code')).toBeFocused()

  await page.getByRole('button', { name: 'Checkout', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: /Delivery address/ })).toBeFocused()
  await fillAddress(page, `focus.${Date.now()}@example.com`)
  await expect(page.getByRole('heading', { level: 2, name: /Shipping/ })).toBeFocused()
})

test('a wide screen has a footer with the legal menu and contact', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/shop')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toBeVisible()
  for (const name of [/terms/i, /privacy/i, /shipping/i, /contact/i]) {
    await expect(footer.getByRole('link', { name }).first()).toBeVisible()
  }
  await footer
    .getByRole('link', { name: /privacy/i })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible()
})
