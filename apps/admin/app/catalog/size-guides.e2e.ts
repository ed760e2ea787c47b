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
  // The only row's Remove is unavailable and looks it: grey as any unavailable button, not red.
  const removeFirst = page.getByRole('button', { name: 'Remove row 1' })
  await expect(removeFirst).toHaveAttribute('aria-disabled', 'true')
  await expect(removeFirst).toHaveCSS('background-color', 'rgb(107, 107, 107)')
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
  await expect(removeFirst).toHaveAttribute('aria-disabled', 'false')
  await expect(removeFirst).toHaveCSS('background-color', 'rgb(165, 14, 14)')
  // A row removed with the keyboard takes its Remove with it: the focus goes to the Remove that
  // takes its place, the next row's, and from the last row to the row above, not to the page's body.
  await page.getByRole('button', { name: 'Remove row 2' }).press('Enter')
  await expect(page.getByLabel('Size of row 2')).toHaveValue('M')
  await expect(page.getByRole('button', { name: 'Remove row 2' })).toBeFocused()
  await page.getByRole('button', { name: 'Add a size' }).click()
  await page.getByRole('button', { name: 'Remove row 3' }).press('Enter')
  await expect(page.getByLabel('Size of row 3')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove row 2' })).toBeFocused()
  await page.getByLabel('Instructions').fill('Lay the knit flat on a table.')
  await page.getByLabel('Chest', { exact: true }).fill('Across, just below the arms.')
  // A picture of the demo's with alt text: other tests add pictures to the library, some without
  // one (the storefront then draws it as decoration, which is not an image to a screen reader).
  const picture = page.getByLabel('Picture')
  const described = await picture
    .locator('option', { hasText: 'T-Shirts collection' })
    .first()
    .getAttribute('value')
  await picture.selectOption(described!)
  // A cell left empty is named when the form is sent: the focus goes to it, its message read with it.
  const chest = page.getByLabel('Chest (cm) of row 2')
  await chest.fill('')
  await page.getByRole('button', { name: 'Create size guide' }).click()
  await expect(chest).toBeFocused()
  await expect(chest).toHaveAccessibleDescription('is required')
  await chest.fill('52')
  await expectNoViolations(page)
  await page.getByRole('button', { name: 'Create size guide' }).click()
  await expect(page.getByRole('row', { name: new RegExp(guide) })).toContainText('S, M')
  // Saved, or a row opened, the form's button or the row's link went with its page: focus is on
  // the new page's heading, not fallen to the body.
  await expect(page.getByRole('heading', { name: 'Size guides', level: 1 })).toBeFocused()
  await page.getByRole('link', { name: `Edit ${guide}` }).click()
  await expect(page.getByLabel('Size of row 2')).toHaveValue('M')
  await expect(page.getByRole('heading', { name: `Edit ${guide}`, level: 1 })).toBeFocused()
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
  const remove = page.getByRole('button', { name: `Delete ${guide}` })
  await remove.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(
    `The size guide "${guide}" is shown by 1 product(s); choose another guide for them first.`,
  )
  // Refused, the button is still there and keeps the keyboard's focus (it was disabled while the
  // page was busy, and drawn anew, and focus fell to the body).
  await expect(remove).toBeFocused()

  // Unpublished again, so the shop's other tests see the demo alone.
  await page.goto(`/admin/products?search=${suffix}`)
  await page.getByLabel(`Select ${name}`).check()
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('1 product(s) unpublished.')).toBeVisible()
})

test('a keyboard keeps its place on the size guides while another row is deleted', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await logIn(page, 'manager')
  const [gone, kept] = [`Gone guide ${suffix}`, `Kept guide ${suffix}`]
  for (const name of [gone, kept]) {
    const made = await page.request.post('/admin/api/size-guides', {
      data: { name, rows: [{ size: 'M', chest: '52', body: '72' }] },
    })
    expect(made.status()).toBe(201)
  }
  await page.goto('/admin/size-guides')
  const remove = page.getByRole('button', { name: `Delete ${kept}` })
  await remove.focus()
  await remove.evaluate((button) => {
    button.dataset.kept = ''
  })
  // Another row's Delete sent without moving the focus: the page is busy, then reads the list again.
  await page
    .getByRole('button', { name: `Delete ${gone}` })
    .evaluate((button) => (button as HTMLButtonElement).form?.requestSubmit())
  await expect(page.getByText(`${gone} was deleted.`)).toBeVisible()
  await expect(remove).toBeFocused()
  expect(await remove.evaluate((button) => 'kept' in button.dataset)).toBe(true)
  await expect(remove).toHaveAttribute('aria-disabled', 'false')
})

test('a guide deleted with the keyboard hands the focus to the next row’s Delete, else the row above’s', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await logIn(page, 'manager')
  // The list is in name order: lower-case 'zzz' puts these three together at its end.
  const [first, second, third] = [1, 2, 3].map((n) => `zzz focus ${suffix} ${n}`)
  for (const name of [first, second, third]) {
    const made = await page.request.post('/admin/api/size-guides', {
      data: { name, rows: [{ size: 'M', chest: '52', body: '72' }] },
    })
    expect(made.status()).toBe(201)
  }
  await page.goto('/admin/size-guides')
  // The Delete goes with its row, and focus fell to the page's body (then to the heading, as if the
  // page were new): it goes to the Delete that takes the row's place, the next row's.
  await page.getByRole('button', { name: `Delete ${second}` }).press('Enter')
  await expect(page.getByText(`${second} was deleted.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${third}` })).toBeFocused()
  // The last row has none after it: the row above's.
  await page.keyboard.press('Enter')
  await expect(page.getByText(`${third} was deleted.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${first}` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`${first} was deleted.`)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Delete / }).last()).toBeFocused()
})
