/** The feed taxonomy (WordPress term objects): the topics feed items and posts are filed under. */
import { type FeedTerm, pageOffset } from '@fanshop/core'
import type { Kysely, Selectable } from 'kysely'
import { compiledOnce } from '../db/compiled.ts'
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

/*
 * The list's two queries, compiled once per shape (db/compiled.ts): every home page reads the
 * terms, and building them cost more than running them (issue 15). `slugs` undefined: all terms.
 */
const countTerms = compiledOnce((db: Db, slugs: string[] | undefined) => {
  const count = db.selectFrom('content_terms').where('taxonomy', '=', 'feed_taxonomy')
  return (slugs ? count.where('slug', 'in', slugs) : count).select((eb) =>
    eb.fn.countAll<number>().as('total'),
  )
})
const pageOfTerms = compiledOnce((db: Db, slugs: string[] | undefined, limit: number, offset: number) => {
  const rows = baseQuery(db)
  return (slugs ? rows.where('content_terms.slug', 'in', slugs) : rows)
    .orderBy('content_terms.menu_order')
    .orderBy('content_terms.id')
    .limit(limit)
    .offset(offset)
})

export async function listFeedTerms(
  db: Db,
  query: { page: number; perPage: number; slugs?: string[] },
): Promise<{ terms: FeedTerm[]; total: number }> {
  const slugs = query.slugs?.length ? query.slugs : undefined
  const [counted, page] = await Promise.all([
    countTerms(db, slugs),
    pageOfTerms(db, slugs, query.perPage, pageOffset(query.page, query.perPage)),
  ])
  return { terms: page.rows.map(shapeTerm), total: Number(counted.rows[0]?.total ?? 0) }
}

export async function findFeedTerm(db: Db, id: number): Promise<FeedTerm | undefined> {
  const row = await baseQuery(db).where('content_terms.id', '=', id).executeTakeFirst()
  return row && shapeTerm(row)
}
