/**
 * /search?q=: what the shop, the stories and the music hold for a search text (every word, in
 * any order). A plain GET page, so search works without JavaScript; the search field's
 * suggestions load this same loader with ?suggest=1, which asks for a few of each kind only.
 */
import {
  contentListEndpoints,
  MAX_SEARCH_TEXT,
  type PageImage,
  plainText,
  searchTextParam,
  searchWords,
  toOptionalPageImage,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { Link } from 'react-router'
import { callData } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { SearchBox } from '../../site/search-box.tsx'
import { routeError, searchShopProducts } from '../catalog.server.ts'
import { ProductCard } from '../components/product-card.tsx'
import type { Route } from './+types/search'
import '../catalog.css'

export const handle: SiteHandle = { routeName: 'search' }

const PAGE_LIMITS = { products: 24, stories: 12, music: 12 }
const SUGGEST_LIMITS = { products: 4, stories: 3, music: 3 }

/** A story or a release, as a search result. */
export interface ContentHit {
  id: number
  title: string
  href: string
  image: PageImage | null
}

async function searchContent(
  context: AppLoadContext,
  type: 'stories' | 'music',
  text: string,
  limit: number,
): Promise<ContentHit[]> {
  const query = { query: { search: text, per_page: limit } }
  const data =
    type === 'stories'
      ? await callData(context, contentListEndpoints.stories, query)
      : await callData(context, contentListEndpoints.music, query)
  return data.map((item) => ({
    id: item.id,
    title: plainText(item.title.rendered),
    href: item.link,
    image: toOptionalPageImage(item.featured_image),
  }))
}

/** The page's words for a text the API's search rule refuses (a NUL character, say). */
export const UNSEARCHABLE_TEXT = 'This search holds a character that cannot be searched for. Try other words.'

/** The rule of every list's search text (core's), checked before asking the API. */
const searchText = searchTextParam('The search page’s text')

export async function loader({ url, context }: Route.LoaderArgs) {
  // A longer text than the API's is cut, not refused; one with no word (a lone accent) finds nothing.
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_TEXT).trim()
  const limits = url.searchParams.get('suggest') === '1' ? SUGGEST_LIMITS : PAGE_LIMITS
  const nothing = { q, products: [], productTotal: 0, stories: [], music: [], refused: undefined }
  if (searchWords(q).length === 0) return nothing
  // Any other text the API would refuse is answered in the page's words, not the API's.
  if (!searchText.safeParse(q).success) return { ...nothing, refused: UNSEARCHABLE_TEXT }
  try {
    const [products, stories, music] = await Promise.all([
      searchShopProducts(context, q, limits.products),
      searchContent(context, 'stories', q, limits.stories),
      searchContent(context, 'music', q, limits.music),
    ])
    return {
      q,
      products: products.products,
      productTotal: products.total,
      stories,
      music,
      refused: undefined,
    }
  } catch (error) {
    return routeError(error)
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = pageTitle(loaderData?.q ? `Search: ${loaderData.q}` : 'Search')
  return [{ title }, { name: 'robots', content: 'noindex' }]
}

function ContentResults(props: { title: string; hits: ContentHit[] }) {
  if (props.hits.length === 0) return null
  return (
    <section className="search-results__section" aria-label={props.title}>
      <h2 className="search-results__heading">{props.title}</h2>
      <ul className="search-results__list">
        {props.hits.map((hit) => (
          <li key={hit.id}>
            <Link to={hit.href} className="search-results__link">
              {hit.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, products, productTotal, stories, music, refused } = loaderData
  const found = products.length + stories.length + music.length
  return (
    <div className="shop search-results">
      <header className="shop__header">
        <h1 className="shop__title">Search</h1>
        <SearchBox key={q} initial={q} />
      </header>
      {refused ? (
        <p className="form-error" role="alert">
          {refused}
        </p>
      ) : q ? (
        <p className="shop__count" aria-live="polite">
          {found === 0 ? `Nothing found for “${q}”.` : `Results for “${q}”`}
        </p>
      ) : (
        <p className="shop__intro">Search the shop, the stories and the music.</p>
      )}
      {products.length > 0 ? (
        <section className="search-results__section" aria-label="Products">
          <h2 className="search-results__heading">
            Products <span className="search-results__total">({productTotal})</span>
          </h2>
          <ul className="product-grid" aria-label={`Products for ${q}`}>
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} priority={index < 2} />
            ))}
          </ul>
        </section>
      ) : null}
      <ContentResults title="Stories" hits={stories} />
      <ContentResults title="Music" hits={music} />
      {q && found === 0 ? (
        <Link to="/shop?category=all" className="button button--ghost">
          See all products
        </Link>
      ) : null}
    </div>
  )
}
