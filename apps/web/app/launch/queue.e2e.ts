/**
 * The drop's waiting room in a browser, on a shop whose drop opened a minute ago with the queue on
 * (6 fans a minute, one every 10 seconds): three fans (scripts solving the challenge) are ahead; a
 * fan's add to cart leads to /queue, the page solves the challenge and joins by itself, shows their place dropping,
 * lets them in when their turn comes and they add to the cart with their pass, and again after
 * emptying their bag.
 */
import AxeBuilder from '@axe-core/playwright'
import { solveChallenge } from 'altcha-lib'
import { cartButton, roomiestSimpleProduct } from '../../tests/pages.ts'
import { test as base, expect } from '../../tests/playwright.ts'
import { type StartedShop, startShop } from '../../tests/pre-launch-server.ts'

const test = base.extend<object, { queueShop: StartedShop }>({
  queueShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const shop = await startShop({
        LAUNCH_AT: new Date(Date.now() - 60_000).toISOString(),
        QUEUE_RATE_PER_MINUTE: '6',
        QUEUE_POW_MAX_NUMBER: '5000',
      })
      await use(shop)
      await shop.stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ queueShop }, use) => use(queueShop.baseURL),
})

test('a fan waits, sees the place drop, is let in by the page and adds to the cart @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const slug = await roomiestSimpleProduct(request)
  // Without a pass the add to cart leads to the waiting room, which brings the fan back here.
  await page.goto(`/product/${slug}`)
  await page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' }).click()
  const refusal = page.getByRole('alertdialog', {
    name: 'The drop is busy: join the waiting room, it lets you in when it is your turn.',
  })
  // Three fans ahead: the first is let in at once, the others 10 and 20 seconds later.
  for (let i = 0; i < 3; i++) {
    const challenge = await (await request.get('/wp-json/wp/v2/launch/queue/challenge')).json()
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise
    const altcha = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
    expect((await request.post('/wp-json/wp/v2/launch/queue', { data: { altcha } })).status()).toBe(201)
  }

  await refusal.getByRole('link', { name: 'Join the waiting room' }).click()
  await expect(page).toHaveURL(new RegExp(`/queue\\?to=%2Fproduct%2F${slug}$`))
  await expect(page.getByRole('heading', { name: 'Waiting room' })).toBeVisible()
  const place = page.getByText(/^Your place in line: \d+$/)
  await expect(place).toBeVisible({ timeout: 20_000 })
  const first = Number((await place.textContent())?.match(/\d+/)?.[0])
  expect(first).toBeGreaterThanOrEqual(2)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await expect(page.getByText(`Your place in line: ${first - 1}`)).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(new RegExp(`/product/${slug}$`), { timeout: 30_000 })

  await page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartButton(page)).toHaveAttribute('aria-label', /^Cart, 1 item$/)

  // Emptying the bag resets the cart (spec 4); the fan, still in their turn, shops on with the same pass.
  await page.goto('/cart')
  await page.getByRole('button', { name: /^Remove / }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click()
  await expect(page.getByRole('heading', { name: 'NO ITEMS HERE YET' })).toBeVisible()
  await page.goto(`/product/${slug}`)
  await page.locator('.buy-bar').getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartButton(page)).toHaveAttribute('aria-label', /^Cart, 1 item$/)
  await expect(refusal).toBeHidden()
})
