import { expect, test } from '../../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

// Nothing here changes what the shop shows (its other tests read the categories): a category is
// saved as it is, and a clashing slug is refused.
test('the manager saves a category, is told why a taken slug is refused, and cannot move past the ends', async ({
  page,
}) => {
  test.slow()
  await logIn(page, 'manager')
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Categories' })
    .click()
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()
  const table = page.getByRole('region', { name: 'Categories in menu order' }).getByRole('table')
  const names = await table
    .getByRole('textbox', { name: /^Name of / })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  expect(names.length).toBeGreaterThan(1)
  const [first, second] = names as [string, string]
  await expect(page.getByRole('button', { name: `Move ${first} up` })).toBeDisabled()
  await expect(page.getByRole('button', { name: `Move ${names.at(-1)} down` })).toBeDisabled()
  await expectNoViolations(page)

  await page.getByRole('button', { name: `Save ${first}` }).click()
  await expect(page.getByText(`${first} saved.`)).toBeVisible()

  const firstSlug = await page.getByLabel(`Slug of ${first}`).inputValue()
  await page.getByLabel(`Slug of ${second}`).fill(firstSlug)
  await page.getByRole('button', { name: `Save ${second}` }).click()
  await expect(page.getByRole('alert')).toHaveText(
    `The slug "${firstSlug}" is taken by another category; choose another.`,
  )
  await expectNoViolations(page)
})

// A row's fields keep what the manager typed while another row is saved: the table's cells are
// the same components from one render to the next, so the page drawing again (busy, then idle)
// does not make them afresh from their saved values.
test('what the manager types in one row survives saving another', async ({ page }) => {
  test.slow()
  await logIn(page, 'manager')
  await page.goto('/admin/categories')
  const table = page.getByRole('region', { name: 'Categories in menu order' }).getByRole('table')
  await expect(table.getByRole('textbox', { name: /^Name of / }).nth(1)).toBeVisible()
  const names = await table
    .getByRole('textbox', { name: /^Name of / })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  const [first, second] = names as [string, string]
  await page.getByLabel(`Slug of ${second}`).fill('typed-but-not-saved')
  await page.getByRole('button', { name: `Save ${first}` }).click()
  await expect(page.getByText(`${first} saved.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Save ${first}` })).toBeEnabled()
  await expect(page.getByLabel(`Slug of ${second}`)).toHaveValue('typed-but-not-saved')
})
