/**
 * The launch, on a second shop whose LAUNCH_AT is three days away: the cart refuses a visitor
 * without a code, the five code boxes (typing moves on, paste fills all, backspace goes back, an
 * invalid code turns them amber) unlock the shop, and /comingsoon counts down the same in every
 * time zone and reaches zero without a reload; its signup keeps an address once.
 */
import { countdown } from '@fanshop/core'
import type { Page } from '@playwright/test'
import { cartButton, hydrated, roomiestSimpleProduct } from '../../tests/pages.ts'
import { expect, test } from '../../tests/pre-launch-server.ts'

const box = (page: Page, n: number) => page.getByLabel(`Character ${n} of 5`)

test('the code boxes: typing moves on, backspace goes back, a paste fills all, a wrong code is amber', async ({
  page,
}) => {
  await page.goto('/entercode')
  await box(page, 1).click()
  await page.keyboard.type('ab')
  await expect(box(page, 1)).toHaveValue('A')
  await expect(box(page, 2)).toHaveValue('B')
  await expect(box(page, 3)).toBeFocused()

  await page.keyboard.press('Backspace')
  await expect(box(page, 2)).toBeFocused()
  await expect(box(page, 2)).toHaveValue('')
  await page.keyboard.press('Backspace')
  await expect(box(page, 1)).toHaveValue('')
  await expect(box(page, 1)).toBeFocused()

  await page.evaluate(() => {
    const data = new DataTransfer()
    data.setData('text/plain', 'zz-99-q')
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  })
  for (const [n, value] of ['Z', 'Z', '9', '9', 'Q'].entries())
    await expect(box(page, n + 1)).toHaveValue(value)

  await expect(page.getByRole('alert')).toHaveText('This access code is not valid.')
  for (let n = 1; n <= 5; n++) {
    await expect(box(page, n)).toHaveAttribute('aria-invalid', 'true')
    await expect(box(page, n)).toHaveCSS('border-top-color', 'rgb(240, 165, 0)')
  }
  await box(page, 5).press('Backspace')
  await expect(box(page, 1)).not.toHaveAttribute('aria-invalid', 'true')
})

test('before the launch a visitor cannot add to the cart; the five code boxes unlock the shop', async ({
  page,
  context,
}) => {
  const slug = await roomiestSimpleProduct(page.request)
  await page.goto(`/product/${slug}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const refusal = page.getByRole('alertdialog', {
    name: 'The shop is not open yet. Enter your access code to shop before the launch.',
  })
  await expect(refusal).toBeVisible()
  await refusal.getByRole('button', { name: 'Okay!' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 0 items',
  )

  await page.goto('/entercode')
  await box(page, 1).click()
  await page.keyboard.type('fan24')
  await expect(page).toHaveURL(/\/shop$/)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('allowedToShop'))).toBe('1')
  // The grant lives in the visitor's one session cookie (docs/decisions/0003).
  const grant = (await context.cookies()).find((c) => c.name === 'session')
  expect(grant?.httpOnly).toBe(true)
  expect(grant?.sameSite).toBe('Lax')

  await page.goto(`/product/${slug}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item')
})

test('the countdown is the same in every time zone and reaches zero without a reload', async ({
  browser,
  preLaunch,
}) => {
  // Both visitors' clocks start at the same instant, close to the server's (so none is corrected),
  // and stand still at the same later instant for the readings.
  const now = Date.now()
  const shown = now + 30_000
  const part = (n: number, unit: string) => `${String(n).padStart(2, '0')}${unit}${n === 1 ? '' : 's'}`
  const reading = (at: number) => {
    const c = countdown(preLaunch.launchAt, at)
    return `${part(c.days, 'day')}${part(c.hours, 'hour')}${part(c.minutes, 'minute')}${part(c.seconds, 'second')}`
  }
  expect(countdown(preLaunch.launchAt, now).days).toBe(2)

  for (const timezoneId of ['Pacific/Auckland', 'America/Los_Angeles']) {
    const context = await browser.newContext({ baseURL: preLaunch.baseURL, timezoneId })
    const page = await context.newPage()
    await page.clock.install({ time: now })
    await page.goto('/comingsoon')
    const timer = page.getByRole('timer', { name: 'Time left until the shop opens' })
    await expect(timer).toContainText('02days')
    // The page hydrates through timers of its clock (the router is made in tasks of their own):
    // paused before that, it would stay the server's HTML, its timer at the server's instant. This
    // page is not the fixture's, whose navigations wait for it.
    await hydrated(page)
    await page.clock.pauseAt(shown)
    await expect(timer).toHaveText(reading(shown))
    await page.clock.runFor(30_000)
    await expect(timer).toHaveText(reading(shown + 30_000))

    await page.clock.fastForward(preLaunch.launchAt - shown - 30_000)
    await expect(page.getByRole('heading', { name: 'The shop is open' })).toBeVisible()
    await expect(timer).toHaveText('00days00hours00minutes00seconds')
    await expect(page.getByRole('link', { name: 'Go to the shop' })).toBeVisible()
    await context.close()
  }
})

test('the notification signup keeps an address once and says so in the page', async ({ page }) => {
  const email = `launch.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  await page.goto('/comingsoon')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Notify me' }).click()
  await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(
    `Thanks! We will e-mail ${email} when the shop opens.`,
  )
  await page.getByLabel('E-mail address').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Notify me' }).click()
  await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(
    `${email} is already on the list: we will e-mail you when the shop opens.`,
  )
})
