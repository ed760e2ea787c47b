import { RESET_LINK_INCOMPLETE_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '@fanshop/core'
import { mailTo } from '../../tests/mail.ts'
import { expect, test } from '../../tests/playwright.ts'
import { registerCustomer } from '../../tests/shopper.ts'

/** The reset link in the e-mail the server wrote for this address. */
async function resetLinkMailedTo(email: string): Promise<string> {
  const link = /https?:\/\/\S+\/auth\/reset\/setpassword\?key=[A-Za-z0-9_-]+/
  return link.exec(await mailTo(email, link))![0]
}

test('the link from the reset e-mail sets a new password that then logs in', async ({ page, request }) => {
  const customer = await registerCustomer(request, {
    firstname: 'Olvido',
    lastname: 'Sanz',
    password: 'the old password',
    gender: 'Male',
    birth_day: '12',
    birth_month: 'October',
    birth_year: '1988',
    password_repeat: 'the old password',
  })
  const { email } = customer

  await page.goto('/auth/reset')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(
    page.getByText(/If an account exists for this e-mail address, we have sent it a link/),
  ).toBeVisible()

  const link = await resetLinkMailedTo(email)
  const opened = await page.goto(link)
  expect(opened?.status()).toBe(200)
  await page.getByLabel('New password', { exact: true }).fill('the new password')
  await page.getByLabel('Repeat the new password').fill('the new password')
  await page.getByRole('button', { name: 'Set the new password' }).click()
  await expect(page.getByText('Your new password is set. You can log in with it now.')).toBeVisible()

  await page.getByRole('link', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Login' })
  await login.getByLabel('E-mail').fill(email)
  await login.getByLabel('Password').fill('the new password')
  await login.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Hi, Olvido' })).toBeVisible()

  // The used link says so as soon as it is opened again.
  const reopened = await page.goto(link)
  expect(reopened?.status()).toBe(400)
  await expect(page.getByText(RESET_LINK_INVALID_MESSAGE)).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
})

test('a link that cannot set a password says so when it opens: a 400, no form, a way to a new one', async ({
  page,
}) => {
  for (const [search, message] of [
    ['', RESET_LINK_INCOMPLETE_MESSAGE],
    [`?key=${'made-up-key-'.repeat(4)}`, RESET_LINK_INVALID_MESSAGE],
  ] as const) {
    const response = await page.goto(`/auth/reset/setpassword${search}`)
    expect(response?.status(), search).toBe(400)
    await expect(page.getByText(message)).toBeVisible()
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Set the new password' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await expect(page).toHaveURL(/\/auth\/reset$/)
  }
})
