/**
 * /shop: the categories in menu_order with the first one current (spec 4) and an "All" view of
 * every product, the product grid of the current one, the filter panel (attributes plus gender),
 * the sort order, the search field and paging. Category, filters, sort and page all live in the
 * URL, so every state can be shared and works without JavaScript.
 */
import {
  appendTaxonomyFilter,
  currentCategory,
  type TaxonomyFilter,
  taxonomyFilterFromSearchParams,
} from '@fanshop/core'
import { Link } from 'react-router'
import { pageTitle, SITE_NAME } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { SearchBox } from '../../site/search-box.tsx'
import { fetchCategories, fetchShopFilters, fetchShopProducts, routeError } from '../catalog.server.ts'
import { CategoryNav } from '../components/category-nav.tsx'
import { ProductCard } from '../components/product-card.tsx'
import { ShopFilters } from '../components/shop-filters.tsx'
import { ShopSortForm } from '../components/shop-sort-form.tsx'
import { DEFAULT_SORT, type ShopSort, shopSortFrom } from '../shop-sort.ts'
import type { Route } from './+types/shop'
import '../catalog.css'

export const handle: SiteHandle = { routeName: 'shop' }

const SHOP_DESCRIPTION = `Official merchandise of ${SITE_NAME}: tour tees, hoodies, caps and records from the pitch and the stage.`

const positiveInt = (value: string | null) =>
  value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null

/** The ?category= value of the "All" view. */
const ALL = 'all'

interface ShopState {
  /** A category id, or null for the "All" view. */
  category: number | null
  filter: TaxonomyFilter
  sort: ShopSort
  page?: number
}

function shopHref(state: ShopState): string {
  const params = new URLSearchParams()
  params.set('category', state.category === null ? ALL : String(state.category))
  appendTaxonomyFilter(params, state.filter)
  if (state.sort.value !== DEFAULT_SORT.value) params.set('sort', state.sort.value)
  if (state.page && state.page > 1) params.set('page', String(state.page))
  return `/shop?${params}`
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = positiveInt(url.searchParams.get('page')) ?? 1
  const sort = shopSortFrom(url.searchParams.get('sort'))
  const all = url.searchParams.get('category') === ALL
  try {
    const [categories, filters] = await Promise.all([fetchCategories(context), fetchShopFilters(context)])
    const current = all
      ? undefined
      : currentCategory(categories, positiveInt(url.searchParams.get('category')))
    const filter = taxonomyFilterFromSearchParams(
      url.searchParams,
      filters.map((f) => f.attribute_slug),
    )
    const result = await fetchShopProducts(context, { category: current?.id, filter, page, sort })
    return { categories, currentId: current?.id ?? null, filters, filter, sort, page, ...result }
  } catch (error) {
    return routeError(error)
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const current = loaderData?.categories.find((category) => category.id === loaderData.currentId)
  const title = pageTitle(current ? `${current.name} · Shop` : 'Shop')
  const description = current?.description || SHOP_DESCRIPTION
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
  ]
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { categories, currentId, filters, filter, sort, products, total, totalPages, page } = loaderData
  const current = categories.find((category) => category.id === currentId)
  const heading = current?.name ?? 'All products'
  const here = { category: currentId, filter, sort }
  const clearHref = shopHref({ ...here, filter: [] })
  return (
    <div className="shop">
      <header className="shop__header">
        <h1 className="shop__title">
          <span className="visually-hidden">Shop: </span>
          {heading}
        </h1>
        {current?.description ? <p className="shop__intro">{current.description}</p> : null}
        <SearchBox />
      </header>
      <CategoryNav
        categories={categories}
        currentId={currentId}
        hrefFor={(category) => shopHref({ ...here, category, page: undefined })}
        allHref={shopHref({ ...here, category: null, page: undefined })}
      />
      <div className="shop__toolbar">
        <p className="shop__count" aria-live="polite">
          {total === 1 ? '1 product' : `${total} products`}
        </p>
        <ShopSortForm
          current={sort}
          category={currentId === null ? ALL : String(currentId)}
          filter={filter}
        />
        <ShopFilters
          filters={filters}
          active={filter}
          categoryId={currentId ?? ALL}
          sort={sort.value === DEFAULT_SORT.value ? null : sort.value}
          clearHref={clearHref}
        />
      </div>
      {products.length > 0 ? (
        <ul className="product-grid" aria-label={`${heading} products`}>
          {products.map((product, index) => (
            <ProductCard key={product.id} product={product} priority={index < 2} />
          ))}
        </ul>
      ) : (
        <div className="shop__empty">
          <p>No products match these filters.</p>
          <Link to={clearHref} className="button button--ghost">
            Clear filters
          </Link>
        </div>
      )}
      {totalPages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? (
            <Link to={shopHref({ ...here, page: page - 1 })} rel="prev">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link to={shopHref({ ...here, page: page + 1 })} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
