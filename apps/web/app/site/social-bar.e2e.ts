/**
 * The social bar and popups of spec 2 and 4: copy link ("Copied link to clipboard" for 2 s, then
 * the panels close), the share targets carrying the current page's address (and the invitation
 * for e-mail and the short-text post), one messaging app left out on phones, the follow and
 * stream popups. Addresses are the configured defaults (SOCIAL_LINKS unset).
 */
import { DEFAULT_SOCIAL_LINKS } from '@fanshop/core'
import { expect, test } from '../../tests/playwright.ts'

test('copy link puts the page address on the clipboard, says so for 2 s, then closes the panels', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share' })
  // Taken before the click: the page's 2 s start when it handles the click, which can be well
  // before click() returns here on a busy machine (1,872 ms were once read from after it).
  const clickedAt = Date.now()
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Copied link to clipboard')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/entercode`)

  await expect(dialog).toHaveCount(0, { timeout: 4000 })
  const closedAfter = Date.now() - clickedAt
  expect(closedAfter).toBeGreaterThanOrEqual(1900)
  await expect(page.locator('.overlay')).toHaveCount(0)
})

test('every share target shares the current page, e-mail and short-text with the invitation', async ({
  page,
  baseURL,
}) => {
  const url = `${baseURL}/entercode`
  const encoded = encodeURIComponent(url)
  const { invitation } = DEFAULT_SOCIAL_LINKS
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share' })

  await expect(dialog.getByRole('link', { name: /^Share on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encoded}`,
  )
  await expect(dialog.getByRole('link', { name: /^Share on Telegram/ })).toHaveAttribute(
    'href',
    `https://t.me/share/url?url=${encoded}`,
  )
  await expect(dialog.getByRole('link', { name: /^Share on Facebook/ })).toHaveAttribute(
    'href',
    new RegExp(encoded),
  )
  await expect(dialog.getByRole('link', { name: /^Share on Reddit/ })).toHaveAttribute(
    'href',
    new RegExp(encoded),
  )
  const post = dialog.getByRole('link', { name: /^Share on X/ })
  await expect(post).toHaveAttribute(
    'href',
    `https://x.com/intent/post?text=${encodeURIComponent(invitation.text)}&url=${encoded}`,
  )
  await expect(post).toHaveAttribute('target', '_blank')
  const mail = dialog.getByRole('link', { name: 'Share by e-mail' })
  await expect(mail).toHaveAttribute(
    'href',
    `mailto:?subject=${encodeURIComponent(invitation.subject)}&body=${encodeURIComponent(invitation.text)}%20${encoded}`,
  )
  await expect(dialog.getByRole('link', { name: /^Share on Telegram/ })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('one of the two messaging apps is left out @phone', async ({ page }) => {
    await page.goto('/entercode')
    await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share' })
    await expect(dialog.getByRole('link', { name: /^Share on WhatsApp/ })).toBeVisible()
    await expect(dialog.getByRole('link', { name: /^Share on Telegram/ })).toBeHidden()
  })
})

test('the follow popup lists the video, short-video and social profiles; the stream popup the services', async ({
  page,
}) => {
  await page.goto('/entercode')
  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Follow' }).click()
  const follow = page.getByRole('dialog', { name: 'Follow Dani Rocha' })
  for (const heading of ['Videos', 'Short videos', 'Social']) {
    await expect(follow.getByRole('heading', { name: heading, exact: true })).toBeVisible()
  }
  for (const profile of DEFAULT_SOCIAL_LINKS.profiles) {
    const link = follow.getByRole('link', { name: new RegExp(`^${profile.name}`) })
    await expect(link).toHaveAttribute('href', profile.url)
    await expect(link).toHaveAttribute('target', '_blank')
  }
  await page.keyboard.press('Escape')

  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Listen' }).click()
  const stream = page.getByRole('dialog', { name: 'Listen on' })
  for (const service of DEFAULT_SOCIAL_LINKS.streams) {
    await expect(stream.getByRole('link', { name: new RegExp(`^${service.name}`) })).toHaveAttribute(
      'href',
      service.url,
    )
  }
})

// A page asks for its code only after its first screen has painted, and a phone may have none:
// the header's "Share and follow" button did nothing until then.
test.describe('before the page’s code runs', () => {
  test.use({ javaScriptEnabled: false })

  test('the share button leads to the social bar as a page, sharing the page it was tapped on', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/shop?sort=price')
    await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
    await expect(page).toHaveURL(/\/share\?page=%2Fshop%3Fsort%3Dprice$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Share' })).toBeVisible()
    const url = `${baseURL}/shop?sort=price`
    await expect(page.getByLabel('Page address')).toHaveValue(url)
    await expect(page.getByRole('link', { name: /^Share on WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(url)}`,
    )
    const [youtube] = DEFAULT_SOCIAL_LINKS.profiles
    await expect(page.getByRole('link', { name: `${youtube?.name} (opens in a new tab)` })).toHaveAttribute(
      'href',
      youtube?.url ?? '',
    )
    const [stream] = DEFAULT_SOCIAL_LINKS.streams
    await expect(page.getByRole('link', { name: `${stream?.name} (opens in a new tab)` })).toHaveAttribute(
      'href',
      stream?.url ?? '',
    )
  })

  test('the share page shares only a page of this shop', async ({ page, baseURL }) => {
    for (const asked of ['https://elsewhere.example/offer', '//elsewhere.example/offer', '']) {
      await page.goto(`/share?page=${encodeURIComponent(asked)}`)
      await expect(page.getByLabel('Page address')).toHaveValue(`${baseURL}/`)
    }
  })
})
