import sharp from 'sharp'
import { expect, test } from '../../../web/tests/playwright.ts'
import { holdRequests } from '../../tests/routes.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

/** A small photo of one colour, as a phone would send it (JPEG). */
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer()

test('the manager creates a variable product with images and stock, and the shop shows its image', async ({
  page,
}) => {
  // Back office, uploads, the shop's grid and product page, back again, on a shared machine.
  test.setTimeout(240_000)
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const name = `Pictured Tee ${suffix}`
  const slug = `pictured-tee-${suffix}`
  await logIn(page, 'manager')
  await page.goto('/admin/products/new')
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await page.getByRole('group', { name: 'Colour' }).getByLabel('Black').check()
  const sizes = page.getByRole('group', { name: 'Size' })
  await sizes.getByLabel('M', { exact: true }).check()
  await sizes.getByLabel('L', { exact: true }).check()
  for (const [size, stock] of [
    ['M', '4'],
    ['L', '7'],
  ] as const) {
    await page.getByLabel(`SKU of Black, ${size}`).fill(`PT-${suffix}-${size}`)
    await page.getByLabel(`Price of Black, ${size}`, { exact: true }).fill('28')
    await page.getByLabel(`Stock of Black, ${size}`).fill(stock)
  }
  await page.getByRole('group', { name: 'Status' }).getByLabel('Published').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible()

  const images = page.getByRole('list', { name: 'Product images, the main image first' })
  await page.getByLabel('Add images').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(20, 20, 20) },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo(240, 240, 240) },
  ])
  await page.getByRole('button', { name: 'Upload images' }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 images added.' })).toBeVisible()
  await expect(images.getByRole('listitem')).toHaveCount(2)

  await page.getByLabel('Alt text of image 2').fill(`Back of the ${name}`)
  const saveAlt = page.getByRole('button', { name: 'Save alt text of image 2' })
  await saveAlt.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Alt text of image 2 saved.' })).toBeVisible()
  // Saved, it has nothing left to save and says so, but keeps the keyboard's focus (a disabled
  // button dropped it to the page's body on every save).
  await expect(saveAlt).toHaveAttribute('aria-disabled', 'true')
  await expect(saveAlt).toBeFocused()
  // The back becomes the main image, moved with the keyboard's button.
  await page.getByRole('button', { name: 'Move up image 2' }).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'is now image 1, the main image' })).toBeVisible()
  await expect(page.getByLabel('Alt text of image 1')).toHaveValue(`Back of the ${name}`)
  // The keyboard stays on the moved image's Move up, unavailable at the top.
  await expect(page.getByRole('button', { name: 'Move up image 1' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Move up image 1' })).toHaveAttribute('aria-disabled', 'true')
  await expect(images.getByRole('img', { name: `Back of the ${name}` })).toBeVisible()

  // Down to the last place and back. The move held on its way: its button says it is unavailable and
  // keeps the focus, and pressed again it sends nothing.
  const { sent, release, unroute } = await holdRequests(page, '**/admin/api/products/*/images/order')
  const down = page.getByRole('button', { name: 'Move down image 1' })
  await down.press('Enter')
  await expect(down).toHaveAttribute('aria-disabled', 'true')
  await expect(down).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => sent.length).toBe(1)
  release()
  await expect(page.getByRole('status').filter({ hasText: 'Image 1 is now image 2.' })).toBeVisible()
  await expect(page.getByLabel('Alt text of image 2')).toHaveValue(`Back of the ${name}`)
  // Last now, its Move down is unavailable for good, and keeps the focus.
  const lastDown = page.getByRole('button', { name: 'Move down image 2' })
  await expect(page.getByRole('button', { name: 'Upload images' })).toHaveAttribute('aria-disabled', 'false')
  await expect(lastDown).toHaveAttribute('aria-disabled', 'true')
  await expect(lastDown).toBeFocused()
  expect(sent).toHaveLength(1)
  await unroute()
  await page.getByRole('button', { name: 'Move up image 2' }).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'is now image 1, the main image' })).toBeVisible()
  await expect(page.getByLabel('Alt text of image 1')).toHaveValue(`Back of the ${name}`)
  await expect(page.getByRole('button', { name: 'Move up image 1' })).toBeFocused()

  await page.getByLabel('Add images').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a picture'),
  })
  await page.getByRole('button', { name: 'Upload images' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    '"notes.jpg" is not an image the shop takes: send a JPEG, PNG, WebP or AVIF file.',
  )
  await expect(images.getByRole('listitem')).toHaveCount(2)

  // An image added, then removed with the keyboard: Upload keeps the focus, and a removed image's
  // button, gone with it, hands the focus to the image above's Remove instead of the page's body.
  await page.getByLabel('Add images').setInputFiles({
    name: 'spare.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(200, 30, 30),
  })
  const upload = page.getByRole('button', { name: 'Upload images' })
  await upload.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Image added.' })).toBeVisible()
  await expect(images.getByRole('listitem')).toHaveCount(3)
  await expect(upload).toBeFocused()
  await page.getByRole('button', { name: 'Remove image 3' }).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Image 3 removed.' })).toBeVisible()
  await expect(images.getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Remove image 2' })).toBeFocused()

  await page.getByLabel('Image of Black, L').selectOption({ label: `Image 1: Back of the ${name}` })
  await page.getByLabel('Image of Black, M').selectOption({ label: 'Image 2' })
  await expectNoViolations(page)
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await expect(page.getByLabel('Image of Black, M')).toHaveValue(/\d+/)
  await expect(page.getByLabel('Stock of Black, L')).toHaveValue('7')

  // On a phone the images stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(images).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 720 })

  await page.goto('/shop?category=all&sort=newest')
  const card = page.getByRole('link', { name: new RegExp(name) }).first()
  await expect(card.getByRole('img', { name: `Back of the ${name}` })).toBeVisible()
  await page.goto(`/product/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('img', { name: `Back of the ${name}` }).first()).toBeVisible()
  await expectNoViolations(page)

  // Unpublished again, so the shop's other tests see the demo alone.
  await page.goto(`/admin/products?search=${suffix}`)
  await page.getByLabel(`Select ${name}`).check()
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('1 product(s) unpublished.')).toBeVisible()
})
