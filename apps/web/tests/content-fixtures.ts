/**
 * The content pages' browser tests: the cookie bar already answered (so it never covers what a
 * test clicks), and a helper that reads seeded content through the API to find ids and slugs.
 */
import { COOKIE_CONFIRMATION, type ContentItemOf, type ContentType } from '@fanshop/core'
import type { APIRequestContext } from '@playwright/test'
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

/** Every seeded item of a content type, as the API sends it. */
export async function contentOf<T extends ContentType>(
  request: APIRequestContext,
  type: T,
): Promise<ContentItemOf<T>[]> {
  const response = await request.get(`/wp-json/wp/v2/${type}?per_page=100`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as ContentItemOf<T>[]
}

/** The seeded item of a type with this slug. */
export async function bySlug<T extends ContentType>(
  request: APIRequestContext,
  type: T,
  slug: string,
): Promise<ContentItemOf<T>> {
  const item = (await contentOf(request, type)).find((i) => i.slug === slug)
  if (!item) throw new Error(`No seeded ${type} with the slug ${slug}.`)
  return item
}
