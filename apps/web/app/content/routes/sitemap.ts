/**
 * /sitemap.xml: every public page for search engines. The fixed sections, every content item
 * by its permalink (the API's `link`), and every product page, read through the content and
 * catalogue APIs 100 at a time. Home and lookbook variants are left out: they point to their
 * canonical page.
 */
import {
  CONTENT_PAGE_SIZE,
  type ContentListEndpoint,
  type ContentType,
  contentListEndpoints,
  type EndpointResponse,
  type ProductJson,
  readPaging,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { api, call } from '../../api.server.ts'
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

/** A paged list endpoint the sitemap reads. */
type PagedList = ContentListEndpoint<ContentType>

/** Every item of a list, page after page. */
async function readAll(context: AppLoadContext, endpoint: PagedList) {
  const all: EndpointResponse<PagedList> = []
  for (let page = 1; ; page++) {
    const response = await call(context, endpoint, { query: { page, per_page: CONTENT_PAGE_SIZE } })
    all.push(...response.data)
    if (page >= readPaging(response.headers, response.data.length).totalPages) return all
  }
}

/** Every product, page after page. */
async function readProducts(context: AppLoadContext): Promise<ProductJson[]> {
  const all: ProductJson[] = []
  for (let page = 1; ; page++) {
    const response = await api<ProductJson[]>(context, '/wp-json/wc/v3/products', {
      query: { page, per_page: CONTENT_PAGE_SIZE },
    })
    all.push(...response.data)
    if (page >= readPaging(response.headers, response.data.length).totalPages) return all
  }
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  )

export async function loader({ context }: Route.LoaderArgs) {
  const [content, products] = await Promise.all([
    Promise.all(LISTED_TYPES.map((type) => readAll(context, contentListEndpoints[type]))),
    readProducts(context),
  ])
  const entries = new Map<string, Entry>()
  for (const path of SECTIONS) entries.set(path, { path })
  for (const item of content.flat()) {
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
