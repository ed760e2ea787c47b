/** The feed taxonomy (WordPress term objects): the topics feed items and posts are filed under. */
import { type FeedTerm, pageOffset } from '@fanshop/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../db/schema.ts'
import { sanitizePlainText } from './sanitize.ts'
import type { ContentTermsTable } from './tables.ts'

type Db = Kysely<Database>

function baseQuery(db: Db) {
  return db
    .selectFrom('content_terms')
    .where('taxonomy', '=', 'feed_taxonomy')
    .selectAll('content_terms')
    .select((eb) =>
      eb
        .selectFrom('content_item_terms')
        .innerJoin('content_items', 'content_items.id', 'content_item_terms.item_id')
        .whereRef('content_item_terms.term_id', '=', 'content_terms.id')
        .where('content_items.status', '=', 'publish')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('count'),
    )
}

function shapeTerm(row: Selectable<ContentTermsTable> & { count: number | null }): FeedTerm {
  return {
    id: row.id,
    count: Number(row.count ?? 0),
    description: sanitizePlainText(row.description),
    link: `/home/${encodeURIComponent(row.slug)}`,
    name: sanitizePlainText(row.name),
    slug: row.slug,
    taxonomy: 'feed_taxonomy',
    parent: 0,
    menu_order: row.menu_order,
  }
}

export async function listFeedTerms(
  db: Db,
  query: { page: number; perPage: number; slugs?: string[] },
): Promise<{ terms: FeedTerm[]; total: number }> {
  let count = db.selectFrom('content_terms').where('taxonomy', '=', 'feed_taxonomy')
  let rows = baseQuery(db)
  if (query.slugs?.length) {
    count = count.where('slug', 'in', query.slugs)
    rows = rows.where('content_terms.slug', 'in', query.slugs)
  }
  const { total } = await count.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const page = await rows
    .orderBy('content_terms.menu_order')
    .orderBy('content_terms.id')
    .limit(query.perPage)
    .offset(pageOffset(query.page, query.perPage))
    .execute()
  return { terms: page.map(shapeTerm), total: Number(total) }
}

export async function findFeedTerm(db: Db, id: number): Promise<FeedTerm | undefined> {
  const row = await baseQuery(db).where('content_terms.id', '=', id).executeTakeFirst()
  return row && shapeTerm(row)
}
