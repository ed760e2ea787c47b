import { expect, test } from '../../tests/content-fixtures.ts'
import { mailTo } from '../../tests/mail.ts'

test('the contact form sends the message to the team and says so @phone', async ({ page }) => {
  const email = `fan.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  await page.goto('/contact')
  await page.getByLabel('Your name').fill('Ines Martin')
  await page.getByLabel('Your e-mail address').fill(email)
  await page.getByLabel('What is it about?').selectOption('Bookings and events')
  await page
    .getByLabel('Your message')
    .fill('Could the band play our school festival in June? We have a stage and 300 fans.')
  await page.getByRole('button', { name: 'Send message' }).click()

  const status = page.getByRole('main').getByRole('status')
  await expect(status).toHaveText('Thank you! Your message is on its way to the team. We read every one.')
  await expect(status).toBeFocused()
  await expect(page.getByLabel('Your message')).toHaveValue('')

  const mail = await mailTo(null, email)
  expect(mail).toContain(`Reply-To: ${email}`)
  expect(mail).toContain('Subject: [Contact] Bookings and events: message from Ines Martin')
  expect(mail).toContain('Could the band play our school festival in June?')
})

test('the contact form explains what is wrong before sending', async ({ page }) => {
  await page.goto('/contact')
  await page.getByLabel('Your name').fill('Leo')
  await page.getByLabel('Your e-mail address').fill('leo@')
  await page.getByLabel('Your e-mail address').blur()
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
  await expect(page.getByLabel('Your e-mail address')).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Please choose what your message is about.')).toBeVisible()
  await expect(page.getByText('Please write your message.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0)
})

test('the honeypot is out of sight and out of the tab order', async ({ page }) => {
  await page.goto('/contact')
  const honeypot = page.locator('input[name="website"]')
  await expect(honeypot).toBeAttached()
  await expect(honeypot).not.toBeInViewport()
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
})

test('without JavaScript the form still posts and the page shows the outcome', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  const email = `nojs.${Date.now()}@example.com`
  await page.goto('/contact')
  await page.getByLabel('Your name').fill('Marta Ruiz')
  await page.getByLabel('Your e-mail address').fill(email)
  await page.getByLabel('What is it about?').selectOption('Press and media')
  await page.getByLabel('Your message').fill('Interview request for our football and music podcast.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your message is on its way to the team.',
  )
  expect(await mailTo(null, email)).toContain('Interview request for our football and music podcast.')
  await context.close()
})
