/**
 * The type-specific fields each stored content type keeps as JSON in content_items.fields,
 * validated when an item is written and again when it is read, so a malformed row is a clear
 * error rather than a broken page.
 */
import { FEED_KINDS, HOME_BLOCKS, PAGE_TEMPLATES, RELEASE_TYPES } from '@fanshop/core'
import { z } from 'zod'
import type { StoredContentType } from './tables.ts'

const link = z.object({ label: z.string().min(1), url: z.string().min(1) })

export const storedFieldSchemas = {
  post: z.object({ author_name: z.string().min(1) }),
  story: z.object({ subtitle: z.string() }),
  article: z.object({}),
  lookbook: z.object({ season: z.string(), credits: z.string() }),
  music: z.object({
    release_type: z.enum(RELEASE_TYPES),
    release_date: z.iso.date(),
    label: z.string(),
    video: z
      .object({
        title: z.string().min(1),
        media_id: z.number().int(),
        poster_media_id: z.number().int().nullable(),
        width: z.number().int(),
        height: z.number().int(),
        duration: z.number(),
      })
      .nullable(),
    streaming_links: z.array(
      z.object({ service: z.string().min(1), name: z.string().min(1), url: z.url({ protocol: /^https$/ }) }),
    ),
  }),
  page: z.object({
    template: z.enum(PAGE_TEMPLATES),
    facts: z.array(z.object({ value: z.string(), label: z.string() })),
    sections: z.array(
      z.object({ heading: z.string(), body: z.string(), image_id: z.number().int().nullable() }),
    ),
    cta: link.nullable(),
  }),
  feed: z.object({
    kind: z.enum(FEED_KINDS),
    target: link.nullable(),
    quote_source: z.string().nullable(),
  }),
  home_block: z.object({
    block: z.enum(HOME_BLOCKS),
    items: z.array(z.object({ title: z.string(), text: z.string(), url: z.string() })),
  }),
} as const satisfies Record<StoredContentType, z.ZodType>

export type StoredFields<T extends StoredContentType> = z.infer<(typeof storedFieldSchemas)[T]>

/** Reads a row's fields; throws naming the item when the stored JSON does not fit its type. */
export function readFields<T extends StoredContentType>(type: T, id: number, json: string): StoredFields<T> {
  const parsed = storedFieldSchemas[type].safeParse(JSON.parse(json))
  if (!parsed.success) {
    throw new Error(`Content item ${id} (${type}) has malformed fields: ${parsed.error.issues[0]?.message}`)
  }
  return parsed.data as StoredFields<T>
}
