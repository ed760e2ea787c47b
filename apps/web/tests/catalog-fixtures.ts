/**
 * The catalogue's browser tests start with the cookie bar already answered (the spec's
 * cookie-confirmation cookie), so that the bar never covers what a test clicks.
 */
import { COOKIE_CONFIRMATION } from '@fanshop/core'
import { test as base, expect } from './playwright.ts'

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([
      { name: COOKIE_CONFIRMATION.name, value: COOKIE_CONFIRMATION.value, url: baseURL! },
    ])
    await use(context)
  },
})

export { expect }
