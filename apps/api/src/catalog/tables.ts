/**
 * The catalogue's data. As in WooCommerce, a variation is a row of `products` whose parent is
 * the variable product: product and variation ids share one id space, so a cart line's
 * `variant_id` is a simple product's own id or a variation's id, and stock lives on that row.
 */
import type { Generated } from 'kysely'

export interface CategoriesTable {
  id: Generated<number>
  name: string
  slug: string
  parent: number
  description: string
  image_id: number | null
  menu_order: number
  /** 1: left out of the shop's category lists (the back office still lists it); else 0. */
  hidden: Generated<number>
}

export interface ProductsTable {
  id: Generated<number>
  /** The variable product a variation belongs to; null for simple and variable products. */
  parent_id: number | null
  type: 'simple' | 'variable' | 'variation'
  name: string
  slug: string
  status: 'publish' | 'draft'
  /** Epoch ms: a published product shows in the shop from then on (scheduled until then); null: at once. */
  publish_at: Generated<number | null>
  /** HTML, cleaned when written (html.ts). */
  description: string
  /** HTML, cleaned when written: the product's specs. */
  short_description: string
  sku: string
  /** Integer cents. */
  regular_price: number
  /** Integer cents; null when not on sale. */
  sale_price: number | null
  /** Units on the shelf (simple products and variations); null on variable parents. */
  stock_on_hand: number | null
  /** Units sold; available = on hand - sold - held. */
  stock_sold: number
  /** Units held by carts (cart/holds.ts keeps it equal to the holds not yet given back). */
  stock_held: Generated<number>
  gender_id: number | null
  size_guide_id: number | null
  image_id: number | null
  menu_order: number
  created_at: number
  updated_at: number
  /** 1 for an item of a drop that each fan may have only a few of (launch/fan-cap.ts); else 0. */
  limited: Generated<number>
  /** Units one fan may have across their orders and carts; null: 1 when limited, else no cap. */
  max_per_fan: Generated<number | null>
}

export interface ProductCategoriesTable {
  product_id: number
  category_id: number
}

export interface ProductImagesTable {
  product_id: number
  media_id: number
  position: number
}

/** Global attributes (Size, Colour, ...) and their terms, used for variations and shop filters. */
export interface AttributesTable {
  id: Generated<number>
  name: string
  slug: string
}

export interface AttributeTermsTable {
  id: Generated<number>
  attribute_id: number
  name: string
  slug: string
  menu_order: number
}

/** On a product: the terms it is offered in. On a variation: the terms that define it. */
export interface ProductTermsTable {
  product_id: number
  term_id: number
}

export interface GendersTable {
  id: Generated<number>
  name: string
  slug: string
}

/** Size guide and how-to-measure data of spec section 3 (rows stored as JSON text). */
export interface SizeGuidesTable {
  id: Generated<number>
  name: string
  description: string
  /** JSON: [{ size, body_size, chest_size }] */
  sizes: string
  measure_description: string
  measure_image_id: number | null
  chest_description: string
  body_description: string
}

export interface CatalogTables {
  categories: CategoriesTable
  products: ProductsTable
  product_categories: ProductCategoriesTable
  product_images: ProductImagesTable
  attributes: AttributesTable
  attribute_terms: AttributeTermsTable
  product_terms: ProductTermsTable
  genders: GendersTable
  size_guides: SizeGuidesTable
}
