/**
 * axe finds no accessibility violations in the frame (header, cookie bar, error page) or in its
 * panels and popups (and the menu and the social bar as pages), on desktop and on a phone, nor on
 * the launch pages with a wrong code showing.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'

async function expectNoViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}

async function checkFrame(page: Page) {
  await page.goto('/entercode')
  await expectNoViolations(page, 'header')
  await expectNoViolations(page, '.cookie-bar')
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Show Settings' }).click()
  await expectNoViolations(page, '.cookie-bar')

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expectNoViolations(page, '[role="dialog"]')
  await page.keyboard.press('Escape')

  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  const share = page.getByRole('dialog', { name: 'Share' })
  await expect(share).toBeVisible()
  await expectNoViolations(page, '[role="dialog"]')
  await share.getByRole('button', { name: 'Follow' }).click()
  await expect(page.getByRole('dialog', { name: 'Follow Dani Rocha' })).toBeVisible()
  await expectNoViolations(page, '[role="dialog"]')
  await page.keyboard.press('Escape')

  await page.goto('/menu')
  await expectNoViolations(page, 'body')
  await page.goto('/share?page=/shop')
  await expectNoViolations(page, 'body')

  await page.goto('/this-page-does-not-exist')
  await expectNoViolations(page, 'body')
}

test('the frame, its panels and the error page have no violations', async ({ page }) => {
  test.slow()
  await checkFrame(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the frame, its panels and the error page have no violations @phone', async ({ page }) => {
    test.slow()
    await checkFrame(page)
  })
})

test('the launch pages have no violations, with a wrong code showing', async ({ page }) => {
  await page.goto('/entercode')
  await page.getByLabel('Character 1 of 5').click()
  await page.keyboard.type('zzzzz')
  await expect(page.getByRole('alert')).toHaveText('This access code is not valid.')
  await expectNoViolations(page, 'main')
  await page.goto('/comingsoon')
  await expectNoViolations(page, 'main')
})
