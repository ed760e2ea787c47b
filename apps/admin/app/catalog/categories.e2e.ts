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
