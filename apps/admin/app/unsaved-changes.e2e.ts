import { expect, test } from '../../web/tests/playwright.ts'
import { expectNoViolations, logIn } from '../tests/staff.ts'

/*
 * A record's form said nothing when the staff member moved away from it with changes typed and not
 * saved: the changes were simply gone. Now a move asks first, and closing the tab gets the
 * browser's warning; a save, or a form left as it was, moves on without a word.
 */
test('a coupon form with changes asks before a move loses them; saved or unchanged, it does not', async ({
  page,
}) => {
  test.slow()
  const code = `UNSAVED${Date.now().toString(36).toUpperCase()}`
  const nav = page.getByRole('navigation', { name: 'Back office' })
  const percent = page.getByLabel('Percent off the full basket')
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await logIn(page, 'manager')
  await nav.getByRole('link', { name: 'Coupons' }).click()
  await page.getByRole('link', { name: 'New coupon' }).click()
  await page.getByLabel('Code').fill(code)
  await percent.fill('20')
  // The form's own save is no move away.
  await page.getByRole('button', { name: 'Create the coupon' }).click()
  const row = page.getByRole('row', { name: new RegExp(code) })
  await expect(row).toContainText('20% on full basket')
  await expect(dialog).toBeHidden()

  // Opened and left as it was: no question.
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  await expect(percent).toHaveValue('20')
  const editing = page.url()
  await nav.getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(dialog).toBeHidden()

  // Changed: the move asks, Stay (where focus starts) and Escape keep the page and what was typed.
  await page.goto(editing)
  await percent.fill('30')
  await nav.getByRole('link', { name: 'Coupons' }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Your changes to this page will be lost.')
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused()
  await expectNoViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(editing)
  await expect(percent).toHaveValue('30')
  await nav.getByRole('link', { name: 'Coupons' }).click()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(percent).toHaveValue('30')

  // Typed back as it was: no change, no question.
  await percent.fill('20')
  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(dialog).toBeHidden()

  // Leave goes, and the coupon is as it was.
  await page.goto(editing)
  await percent.fill('30')
  await nav.getByRole('link', { name: 'Coupons' }).click()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible()
  await expect(row).toContainText('20% on full basket')

  // Saved, the form moves on without a word; closing the tab with new changes gets the browser's warning.
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  await percent.fill('30')
  await page.getByRole('button', { name: 'Save the coupon' }).click()
  await expect(row).toContainText('30% on full basket')
  await expect(dialog).toBeHidden()
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  await percent.fill('35')
  const warning = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  expect((await warning).type()).toBe('beforeunload')
  await (await warning).dismiss()
  // Dismissed, the warning keeps the page open with its changes: close it without asking again, so
  // the test's own teardown does not meet a page still holding a beforeunload handler.
  await page.close()
})

test('the product form asks before a move loses a change of its description, made in the rich-text editor, even once the page has loaded a new colour', async ({
  page,
}) => {
  await logIn(page, 'manager')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  // A demo product that comes in colours (the list's first row is whichever product is newest).
  await page.goto('/admin/products?search=extra%20time%20tour%20tee')
  await page
    .getByRole('table')
    .getByRole('link', { name: /Extra Time Tour Tee/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible()
  const description = page.getByRole('textbox', { name: 'Description', exact: true })
  await description.click()
  await page.keyboard.type(' More.')
  // A colour added beside the form loads the page's data again: the description is still a change.
  const colour = `Unsaved ${Date.now().toString(36)}`
  await page.getByLabel('New colour').fill(colour)
  await page.getByRole('button', { name: 'Add colour' }).click()
  await expect(page.getByRole('group', { name: 'Colour' }).getByLabel(colour)).toBeVisible()
  await nav.getByRole('link', { name: 'Stock' }).click()
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible()

  // A change made with the toolbar alone, no typing, counts as well.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible()
  await description.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page
    .getByRole('toolbar', { name: 'Description formatting' })
    .getByRole('button', { name: 'Bold' })
    .click()
  await nav.getByRole('link', { name: 'Stock' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible()
})
