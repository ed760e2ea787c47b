import { expect, test } from '../../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

test('the manager makes a size guide, a product shows it in the shop, and it cannot be deleted then', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const guide = `Knit guide ${suffix}`
  const name = `Guide Knit ${suffix}`
  const slug = `guide-knit-${suffix}`
  await logIn(page, 'manager')
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Size guides' })
    .click()
  await expect(page.getByRole('heading', { name: 'Size guides' })).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('link', { name: 'New size guide' }).click()
  await page.getByLabel('Name').fill(guide)
  const sizes = [
    ['S', '49', '69'],
    ['XXL', '99', '99'],
    ['M', '52', '72'],
  ]
  for (const [i, [size, chest, body]] of sizes.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a size' }).click()
    await page.getByLabel(`Size of row ${i + 1}`).fill(size!)
    await page.getByLabel(`Chest (cm) of row ${i + 1}`).fill(chest!)
    await page.getByLabel(`Body length (cm) of row ${i + 1}`).fill(body!)
  }
  await page.getByRole('button', { name: 'Remove row 2' }).click()
  await expect(page.getByLabel('Size of row 2')).toHaveValue('M')
  await page.getByLabel('Instructions').fill('Lay the knit flat on a table.')
  await page.getByLabel('Chest', { exact: true }).fill('Across, just below the arms.')
  await page.getByLabel('Picture').selectOption({ index: 1 })
  await expectNoViolations(page)
  await page.getByRole('button', { name: 'Create size guide' }).click()
  await expect(page.getByRole('row', { name: new RegExp(guide) })).toContainText('S, M')
  await page.getByRole('link', { name: `Edit ${guide}` }).click()
  await expect(page.getByLabel('Size of row 2')).toHaveValue('M')
  await expect(page.getByLabel('Picture')).not.toHaveValue('')
  await page.goBack()

  await page.goto('/admin/products/new')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('group', { name: 'Colour' }).getByLabel('Black').check()
  await page.getByRole('group', { name: 'Size' }).getByLabel('M', { exact: true }).check()
  await page.getByLabel('SKU of Black, M').fill(`GK-${suffix}`)
  await page.getByLabel('Price of Black, M', { exact: true }).fill('45')
  await page.getByLabel('Stock of Black, M').fill('4')
  await page.getByLabel('Size guide and how to measure').selectOption({ label: guide })
  await page.getByRole('group', { name: 'Status' }).getByLabel('Published').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByRole('status')).toContainText('Saved.')
  const chosen = page.getByLabel('Size guide and how to measure')
  await expect(chosen.locator('option:checked')).toHaveText(guide)
  await page.reload()
  await expect(chosen.locator('option:checked')).toHaveText(guide)

  await page.goto(`/product/${slug}`)
  await page.getByRole('button', { name: 'Size guide' }).click()
  const popup = page.getByRole('dialog', { name: 'Size guide' })
  const table = popup.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row', { name: /^M / })).toHaveText(/M\s*52\s*72/)
  await popup.getByRole('tab', { name: 'How to measure' }).click()
  const measure = popup.getByRole('tabpanel', { name: 'How to measure' })
  await expect(measure).toContainText('Lay the knit flat on a table.')
  await expect(measure.getByRole('img')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/admin/size-guides')
  await page.getByRole('button', { name: `Delete ${guide}` }).click()
  await expect(page.getByRole('alert')).toHaveText(
    `The size guide "${guide}" is shown by 1 product(s); choose another guide for them first.`,
  )

  // Unpublished again, so the shop's other tests see the demo alone.
  await page.goto(`/admin/products?search=${suffix}`)
  await page.getByLabel(`Select ${name}`).check()
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('1 product(s) unpublished.')).toBeVisible()
})
