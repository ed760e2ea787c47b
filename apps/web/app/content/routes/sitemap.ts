/**
 * /sitemap.xml: every public page for search engines. The fixed sections, every content item
 * by its permalink (the API's `link`; a feed item only when it has a page of its own, not a link
 * to another page), and every product page, read through the content and
 * catalogue APIs 100 at a time. Home and lookbook variants are left out: they point to their
 * canonical page.
 */
import {
  CONTENT_PAGE_SIZE,
  type ContentListEndpoint,
  type ContentType,
  catalogEndpoints,
  contentListEndpoints,
  feedItemHasOwnPage,
  readPaging,
} from '@fanshop/core'
import { type ApiResponse, call } from '../../api.server.ts'
import { getOnly } from '../../site/resource-route.server.ts'
import type { Route } from './+types/sitemap'

const SECTIONS = [
  '/',
  '/home',
  '/shop',
  '/feed',
  '/story',
  '/lookbook',
  '/lookbook/feed',
  '/music',
  '/posts',
  '/foundation',
  '/book',
  '/contact',
  '/terms-and-conditions',
]

const LISTED_TYPES: ContentType[] = ['posts', 'stories', 'articles', 'lookbooks', 'music', 'pages', 'feed']

interface Entry {
  path: string
  modified?: string
}

/** Every item of a list, page after page (readPage reads one page of 100). */
async function readAll<T>(readPage: (page: number) => Promise<ApiResponse<T[]>>): Promise<T[]> {
  const all: T[] = []
  for (let page = 1; ; page++) {
    const response = await readPage(page)
    all.push(...response.data)
    if (page >= readPaging(response.headers, response.data.length).totalPages) return all
  }
}

const pageQuery = (page: number) => ({ query: { page, per_page: CONTENT_PAGE_SIZE } })

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  )

export async function loader({ context }: Route.LoaderArgs) {
  const [content, products] = await Promise.all([
    Promise.all(
      LISTED_TYPES.map((type) => {
        const list: ContentListEndpoint<ContentType> = contentListEndpoints[type]
        return readAll((page) => call(context, list, pageQuery(page)))
      }),
    ),
    readAll((page) => call(context, catalogEndpoints.products, pageQuery(page))),
  ])
  const entries = new Map<string, Entry>()
  for (const path of SECTIONS) entries.set(path, { path })
  for (const item of content.flat()) {
    // A feed item that points to another page has no page of its own; that page, when public, is listed by its type.
    if (item.type === 'feed' && !feedItemHasOwnPage(item)) continue
    if (!item.link.startsWith('/')) continue
    const known = entries.get(item.link)
    if (!known?.modified || known.modified < item.modified)
      entries.set(item.link, { path: item.link, modified: item.modified })
  }
  for (const product of products) entries.set(product.permalink, { path: product.permalink })

  const urls = [...entries.values()]
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${context.publicUrl}${entry.path}`)}</loc>${entry.modified ? `<lastmod>${entry.modified.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n')
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    },
  )
}

export const action = getOnly
