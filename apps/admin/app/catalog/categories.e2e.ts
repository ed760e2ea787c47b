import { expect, test } from '../../../web/tests/playwright.ts'
import { holdRequests } from '../../tests/routes.ts'
import { expectNoViolations, logIn } from '../../tests/staff.ts'

// One test after another in this file: the first reads which row is last, which the keyboard test
// moves for a while.
test.describe.configure({ mode: 'default' })

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
  const secondSlug = await page.getByLabel(`Slug of ${second}`).inputValue()
  await page.getByLabel(`Slug of ${second}`).fill('typed-but-not-saved')
  await page.getByRole('button', { name: `Save ${first}` }).click()
  await expect(page.getByText(`${first} saved.`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Save ${first}` })).toBeEnabled()
  await expect(page.getByLabel(`Slug of ${second}`)).toHaveValue('typed-but-not-saved')

  // That row's change is not saved: a move to another page asks first, and Stay keeps it.
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  const products = page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Products' })
  await products.click()
  await expect(dialog).toBeVisible()
  await expectNoViolations(page)
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel(`Slug of ${second}`)).toHaveValue('typed-but-not-saved')
  // Typed back as it was, the row has no change; a new category's name typed is one.
  await page.getByLabel(`Slug of ${second}`).fill(secondSlug)
  await page.getByLabel('Name', { exact: true }).fill('Typed but not added')
  await products.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
})

// The shop shows the same all along: it leaves "Uncategorized" out, which is hidden for a while and
// shown again, and the row above it moves below it and back.
test('a keyboard keeps its place in the categories: a save draws the row afresh, a move ends at the last place, each sent once', async ({
  page,
}) => {
  test.slow()
  await logIn(page, 'manager')
  await page.goto('/admin/categories')
  const table = page.getByRole('region', { name: 'Categories in menu order' }).getByRole('table')
  const nameFields = table.getByRole('textbox', { name: /^Name of / })
  await expect(nameFields.nth(1)).toBeVisible()
  const names = await nameFields.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  )
  expect(names.at(-1)).toBe('Uncategorized')
  const moved = names.at(-2)!

  // Saved hidden, the row is drawn afresh (its fields show what was saved): its new Save button has
  // the focus, which fell to the page's body with the old one.
  const hidden = page.getByRole('checkbox', { name: 'Hidden (Uncategorized)' })
  await expect(hidden).not.toBeChecked()
  await hidden.check()
  const save = page.getByRole('button', { name: 'Save Uncategorized' })
  await save.press('Enter')
  await expect(page.getByText('Uncategorized saved (hidden from the shop).')).toBeVisible()
  await expect(save).toBeFocused()
  await hidden.uncheck()
  // The page reads the categories again after a save, and its buttons ignore a press till then.
  await expect(save).toHaveAttribute('aria-disabled', 'false')
  await save.press('Enter')
  await expect(page.getByText('Uncategorized saved.', { exact: true })).toBeVisible()
  await expect(save).toBeFocused()
  await expect(hidden).not.toBeChecked()

  // The move held on its way: its button says it is unavailable and keeps the focus (a disabled one
  // dropped it), and pressed again it sends nothing.
  const { sent, release, unroute } = await holdRequests(page, '**/admin/api/categories/order')
  const down = page.getByRole('button', { name: `Move ${moved} down` })
  const up = page.getByRole('button', { name: `Move ${moved} up` })
  await expect(down).toHaveAttribute('aria-disabled', 'false')
  await down.press('Enter')
  await expect(down).toHaveAttribute('aria-disabled', 'true')
  await expect(down).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => sent.length).toBe(1)
  release()
  await expect(page.getByText('Menu order saved.')).toBeVisible()
  await expect(nameFields.last()).toHaveValue(moved)
  // Last now, its Move down is unavailable for good, and keeps the focus.
  await expect(up).toHaveAttribute('aria-disabled', 'false')
  await expect(down).toHaveAttribute('aria-disabled', 'true')
  await expect(down).toBeFocused()
  expect(sent).toHaveLength(1)
  await unroute()

  await up.press('Enter')
  await expect(nameFields.last()).toHaveValue('Uncategorized')
  await expect(down).toHaveAttribute('aria-disabled', 'false')
  await expect(up).toBeFocused()

  // Every change was saved: a move to another page asks nothing.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a double click on Add category sends the new category once', async ({ page }) => {
  await logIn(page, 'manager')
  await page.goto('/admin/categories')
  const sent: string[] = []
  // Each request counted and dropped on its way, so no category is made: the shop's other tests
  // read its categories. What counts here is how many the page sends.
  await page.route('**/admin/api/categories', (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    sent.push(route.request().postData() ?? '')
    return route.abort()
  })
  const add = page.getByRole('button', { name: 'Add category' })
  await page.getByLabel('Name', { exact: true }).fill('Sent once')
  await add.dblclick()
  await expect.poll(() => sent.length).toBe(1)
  // A second request would have left with the second click, at once; the page settles without one.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(sent).toHaveLength(1)
})
