/**
 * The one way content enters the database (the demo seed today, an editor tomorrow): HTML is
 * sanitised and the type's fields validated before anything is stored.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type StoredFields, storedFieldSchemas } from './fields.ts'
import { sanitizePlainText, sanitizeRichText } from './sanitize.ts'
import type { StoredContentType } from './tables.ts'

export interface NewContentItem<T extends StoredContentType> {
  type: T
  slug: string
  title: string
  content?: string
  excerpt?: string
  featuredMedia?: number | null
  parentId?: number | null
  menuOrder?: number
  date: number
  fields: StoredFields<T>
  /** Feed taxonomy term ids. */
  termIds?: number[]
}

/** Sanitises and stores one item; returns its id. */
export async function insertContentItem<T extends StoredContentType>(
  db: Kysely<Database>,
  item: NewContentItem<T>,
): Promise<number> {
  const fields = storedFieldSchemas[item.type].parse(item.fields) as StoredFields<T>
  const cleanFields =
    'sections' in fields
      ? { ...fields, sections: fields.sections.map((s) => ({ ...s, body: sanitizeRichText(s.body) })) }
      : fields
  const row = await db
    .insertInto('content_items')
    .values({
      type: item.type,
      parent_id: item.parentId ?? null,
      slug: item.slug,
      status: 'publish',
      title: sanitizePlainText(item.title),
      content: sanitizeRichText(item.content ?? ''),
      excerpt: sanitizeRichText(item.excerpt ?? ''),
      featured_media: item.featuredMedia ?? null,
      menu_order: item.menuOrder ?? 0,
      date: item.date,
      modified: item.date,
      fields: JSON.stringify(cleanFields),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (item.termIds?.length) {
    await db
      .insertInto('content_item_terms')
      .values(item.termIds.map((term_id) => ({ item_id: row.id, term_id })))
      .execute()
  }
  return row.id
}

/** Stores a feed taxonomy term; returns its id. */
export async function insertFeedTerm(
  db: Kysely<Database>,
  term: { name: string; slug: string; description: string; menuOrder: number },
): Promise<number> {
  const row = await db
    .insertInto('content_terms')
    .values({
      taxonomy: 'feed_taxonomy',
      name: sanitizePlainText(term.name),
      slug: term.slug,
      description: sanitizePlainText(term.description),
      menu_order: term.menuOrder,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
