/**
 * What the back office's browser tests share: logging in as a demo staff member (demo/staff.ts)
 * through the real login form, a second staff member's page beside the test's, and the axe check.
 */
import AxeBuilder from '@axe-core/playwright'
import type { StaffRole } from '@fanshop/core'
import { type Browser, expect, type Page } from '@playwright/test'
import { DEMO_STAFF } from '../../api/src/demo/staff.ts'

export interface Credentials {
  email: string
  password: string
}

/** The demo staff member of a role, as the seed creates them. */
export function demoStaff(role: StaffRole): Credentials {
  const { email, password } = DEMO_STAFF.find((staff) => staff.role === role)!
  return { email, password }
}

/** Fills and sends the login form; a two-factor step, if the account has one, is the caller's. */
export async function submitLogin(page: Page, who: Credentials): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Logs in as a demo role (or an account without two-factor login) and waits for the back office. */
export async function logIn(page: Page, who: StaffRole | Credentials): Promise<void> {
  await submitLogin(page, typeof who === 'string' ? demoStaff(who) : who)
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
}

/** A page of its own browser context, logged in as `who`: a second staff member beside the test's page. */
export async function staffPage(browser: Browser, who: StaffRole): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await logIn(page, who)
  return page
}

export async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}
