import AxeBuilder from '@axe-core/playwright'
import type { ProductJson } from '@fanshop/core'
import { expect, test } from '../../tests/catalog-fixtures.ts'

// Issue 9: asking for more than is left said nothing and put what was left in the bag. Each
// project buys its own variation, so parallel runs do not take each other's stock.

test('more than is left is explained in the spec’s words, and the fan chooses @phone', async ({
  page,
  request,
}, testInfo) => {
  const colour = testInfo.project.name === 'phone' ? 'Sand' : 'Black'
  const cap = (await (await request.get('/wp-json/wc/v3/products/number-9-dad-cap')).json()) as ProductJson
  const left = cap.variations.find((v) => v.attributes[0]?.option === colour)!.stock_quantity!
  expect(left).toBeGreaterThan(3)
  await page.goto(`/product/number-9-dad-cap?colour=${colour}&size=One+Size`)
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  await quantity.fill('50')
  await quantity.blur()
  await expect(quantity).toHaveValue('50')
  await page.getByRole('button', { name: 'Add to cart' }).click()

  const choice = page.getByRole('alertdialog', { name: 'Product is out of stock for requested quantity.' })
  await expect(choice).toBeVisible()
  await expect(choice).toContainText(`You asked for 50. Only ${left} left. Limit 5 per order.`)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

  await choice.getByRole('button', { name: 'Change quantity' }).click()
  await expect(choice).toBeHidden()
  await expect(quantity).toBeFocused()
  await expect(quantity).toHaveValue('50')

  await page.getByRole('button', { name: 'Add to cart' }).click()
  await choice.getByRole('button', { name: 'Add 5 to the bag' }).click()
  const panel = page.getByRole('dialog', { name: '5 items' })
  await expect(panel).toBeVisible()
})

test('a quantity that is no quantity is refused in words and kept as typed', async ({ page }) => {
  await page.goto('/product/number-9-dad-cap?colour=Black&size=One+Size')
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  for (const typed of ['0', '-3', '2.5']) {
    await quantity.fill(typed)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('alert')).toHaveText('Enter a whole number of items from 1 to 99.')
    await expect(quantity).toHaveValue(typed)
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
    await expect(quantity).toBeFocused()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(page.url()).not.toContain('cart=')
  }
  await quantity.fill('1')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(quantity).not.toHaveAttribute('aria-invalid')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a quantity that is no quantity is refused in words on the page, the choice kept', async ({
    page,
  }) => {
    await page.goto('/product/number-9-dad-cap?colour=Black&size=One+Size')
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2.5')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page).toHaveURL(/\?colour=Black&size=One\+Size&cart=bad-quantity$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Enter a whole number of items from 1 to 99.' }),
    ).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked()
  })
})
