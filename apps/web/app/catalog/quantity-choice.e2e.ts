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
