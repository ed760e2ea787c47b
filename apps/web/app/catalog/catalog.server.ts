/**
 * The catalogue's calls to the back end for the shop and product pages, through the one API
 * client. Filter failures are only logged with spec 8's texts, so the shop still shows its
 * products; other failures become the error page with their status code.
 */
import {
  type AttributeFilterJson,
  CATEGORY_TAB_FIELD_LIST,
  type CategoryTabJson,
  type ChoosableProduct,
  type ChoosableVariation,
  catalogEndpoints,
  categoryTabEndpoints,
  EXCLUDED_CATEGORY_ID,
  GENDER_TAXONOMY,
  hasPriceRange,
  type PageImage,
  PRODUCT_CARD_FIELD_LIST,
  type ProductCardJson,
  type ProductJson,
  productCardEndpoints,
  readPaging,
  sortByMenuOrder,
  type TaxonomyFilter,
  toOptionalPageImage,
  toPageImage,
  type VariationJson,
} from '@fanshop/core'
import { type AppLoadContext, data } from 'react-router'
import { ApiError, call, callData } from '../api.server.ts'
import { keptForEveryVisitor } from '../site/kept-read.server.ts'
import { DEFAULT_SORT, type ShopSort } from './shop-sort.ts'

export const SHOP_PAGE_SIZE = 24

/** Turns a failed API call into the error page's response (status code, default 500). */
export function routeError(error: unknown): never {
  if (error instanceof ApiError) throw data({ message: error.message }, { status: error.statusCode })
  throw error
}

/** What the shop's category tabs draw of a category: its name, its id to link, its description under the heading. */
export type CategoryTab = Pick<CategoryTabJson, 'id' | 'name' | 'description'>

/** The shop's categories, in menu_order (spec 4), with only what the tabs draw; every visitor's, so kept. */
export const fetchCategories = keptForEveryVisitor(
  async (context: AppLoadContext): Promise<CategoryTab[]> => {
    const categories = await callData(context, categoryTabEndpoints.categories, {
      query: {
        exclude: String(EXCLUDED_CATEGORY_ID),
        per_page: 100,
        orderby: 'menu_order',
        _fields: CATEGORY_TAB_FIELD_LIST,
      },
    })
    return sortByMenuOrder(categories).map(({ id, name, description }) => ({ id, name, description }))
  },
)

const keptAttributes = keptForEveryVisitor((context: AppLoadContext) =>
  callData(context, catalogEndpoints.attributes),
)
const keptGenders = keptForEveryVisitor((context: AppLoadContext) =>
  callData(context, catalogEndpoints.genders),
)

/** The filter panel's lists: the attributes, with the gender taxonomy appended as one more (spec 3); each kept for every visitor. */
export async function fetchShopFilters(context: AppLoadContext): Promise<AttributeFilterJson[]> {
  const [attributes, genders] = await Promise.allSettled([keptAttributes(context), keptGenders(context)])
  const filters: AttributeFilterJson[] = []
  if (attributes.status === 'fulfilled') filters.push(...attributes.value)
  else console.error('error during fetching shop filters', attributes.reason)
  if (genders.status === 'fulfilled') {
    filters.push({
      attribute_name: 'Gender',
      attribute_slug: GENDER_TAXONOMY,
      attribute_terms: genders.value,
    })
  } else {
    console.error('error during getting gender filter', genders.reason)
  }
  return filters
}

export interface ProductPage {
  products: ProductCardData[]
  total: number
  totalPages: number
}

/** What a box of the shop's grid draws, and nothing more: it goes into every /shop page's HTML. */
export interface ProductCardData {
  id: number
  name: string
  permalink: string
  image: PageImage | null
  soldOut: boolean
  onSale: boolean
  price: string
  regularPrice: string
  /** Variations at different prices: the price reads "from". */
  priceRange: boolean
}

export function toProductCard(product: ProductCardJson): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    permalink: product.permalink,
    image: toOptionalPageImage(product.images[0]),
    soldOut: product.stock_status === 'outofstock',
    onSale: product.on_sale,
    price: product.price,
    regularPrice: product.regular_price,
    priceRange: hasPriceRange(product),
  }
}

/**
 * One page of a category's products (or of all products), narrowed by the shop filters when any
 * are chosen, in the chosen sort order.
 */
export async function fetchShopProducts(
  context: AppLoadContext,
  options: { category: number | undefined; filter: TaxonomyFilter; page: number; sort?: ShopSort },
): Promise<ProductPage> {
  const sort = options.sort ?? DEFAULT_SORT
  const filtering = options.filter.length > 0
  const query = {
    category: options.category,
    page: options.page,
    per_page: SHOP_PAGE_SIZE,
    orderby: sort.orderby,
    order: sort.order,
    _fields: PRODUCT_CARD_FIELD_LIST,
  } as const
  const response = filtering
    ? await call(context, productCardEndpoints.filteredProducts, {
        query: { ...query, taxonomies: JSON.stringify(options.filter) },
      })
    : await call(context, productCardEndpoints.products, { query })
  return {
    products: response.data.map(toProductCard),
    ...readPaging(response.headers, response.data.length),
  }
}

/** The first products whose name, SKU or colours hold every word of a search text. */
export async function searchShopProducts(
  context: AppLoadContext,
  text: string,
  limit: number,
): Promise<ProductPage> {
  const response = await call(context, productCardEndpoints.products, {
    query: {
      search: text,
      per_page: limit,
      orderby: 'menu_order',
      order: 'asc',
      _fields: PRODUCT_CARD_FIELD_LIST,
    },
  })
  return { products: response.data.map(toProductCard), ...readPaging(response.headers, response.data.length) }
}

/** A variation as the product page reads it: core's choice rules, and the price it shows once chosen. */
export type ProductPageVariation = ChoosableVariation & Pick<VariationJson, 'regular_price' | 'on_sale'>

/**
 * What the product page draws, and nothing more: it goes into every product page's HTML as the
 * loader's data (issue 15). Core's choice and stock rules read it as a `ChoosableProduct`; the
 * size guide and how-to-measure texts come along for the dialog a click opens.
 */
export type ProductPageData = ChoosableProduct<ProductPageVariation> &
  Pick<
    ProductJson,
    | 'name'
    | 'permalink'
    | 'description'
    | 'short_description'
    | 'sku'
    | 'regular_price'
    | 'on_sale'
    | 'max_per_order'
    | 'max_per_fan'
    | 'size_guide'
    | 'how_to_measure'
  > & {
    images: PageImage[]
    categories: Pick<ProductJson['categories'][number], 'id' | 'name'>[]
    gender: Pick<NonNullable<ProductJson['gender']>, 'name'> | null
  }

export function toProductPage(product: ProductJson): ProductPageData {
  return {
    id: product.id,
    name: product.name,
    permalink: product.permalink,
    type: product.type,
    description: product.description,
    short_description: product.short_description,
    sku: product.sku,
    price: product.price,
    regular_price: product.regular_price,
    on_sale: product.on_sale,
    stock_status: product.stock_status,
    stock_quantity: product.stock_quantity,
    ...(product.max_per_order === undefined ? {} : { max_per_order: product.max_per_order }),
    ...(product.max_per_fan === undefined ? {} : { max_per_fan: product.max_per_fan }),
    images: product.images.map(toPageImage),
    categories: product.categories.map(({ id, name }) => ({ id, name })),
    attributes: product.attributes,
    gender: product.gender ? { name: product.gender.name } : null,
    variations: product.variations.map((variation) => ({
      id: variation.id,
      price: variation.price,
      regular_price: variation.regular_price,
      on_sale: variation.on_sale,
      stock_status: variation.stock_status,
      stock_quantity: variation.stock_quantity,
      attributes: variation.attributes.map(({ id, option }) => ({ id, option })),
      image: variation.image ? { id: variation.image.id } : null,
    })),
    size_guide: product.size_guide,
    how_to_measure: product.how_to_measure,
  }
}

/** One product by its slug, as its page draws it; null when there is none. */
export async function fetchProductPage(
  context: AppLoadContext,
  slug: string,
): Promise<ProductPageData | null> {
  try {
    return toProductPage(await callData(context, catalogEndpoints.product, { params: { id: slug } }))
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400)) return null
    throw error
  }
}
