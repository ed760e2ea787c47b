/**
 * The catalogue as CSV (issue 11): one row per variation, a simple product as one row of its own,
 * in the columns core's CSV rules name (stock-shapes.ts), so that the file imports back as it is.
 * csv-stringify writes it (quoting, embedded commas and line breaks), formulas behind a quote
 * (csv-cells.ts).
 */
import {
  CSV_COLUMNS,
  CSV_LIST_SEPARATOR,
  CSV_OPTIONAL_COLUMNS,
  type CsvColumn,
  neutraliseCsvCell,
  perFanCap,
  toDecimalString,
} from '@fanshop/core'
import { stringify } from 'csv-stringify/sync'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** Each product's category slugs, and each variation's `attribute:Term` pairs, by id. */
async function listsOf(db: Kysely<Database>) {
  const [categories, terms] = await Promise.all([
    db
      .selectFrom('product_categories')
      .innerJoin('categories', 'categories.id', 'product_categories.category_id')
      .select(['product_categories.product_id', 'categories.slug'])
      .orderBy('product_categories.product_id')
      .orderBy('categories.id')
      .execute(),
    db
      .selectFrom('product_terms')
      .innerJoin('products', 'products.id', 'product_terms.product_id')
      .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
      .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
      .select(['product_terms.product_id', 'attributes.slug', 'attribute_terms.name'])
      .where('products.type', '=', 'variation')
      .orderBy('product_terms.product_id')
      .orderBy('attributes.id')
      .execute(),
  ])
  const group = (pairs: { id: number; value: string }[]) => {
    const map = new Map<number, string[]>()
    for (const { id, value } of pairs) map.set(id, [...(map.get(id) ?? []), value])
    return (id: number) => (map.get(id) ?? []).join(CSV_LIST_SEPARATOR)
  }
  return {
    categoriesOf: group(categories.map((row) => ({ id: row.product_id, value: row.slug }))),
    attributesOf: group(terms.map((row) => ({ id: row.product_id, value: `${row.slug}:${row.name}` }))),
  }
}

export async function exportCatalogCsv(db: Kysely<Database>): Promise<string> {
  const [products, lists] = await Promise.all([
    db
      .selectFrom('products')
      .leftJoin('products as parent', 'parent.id', 'products.parent_id')
      .select([
        'products.id',
        'products.parent_id',
        'products.slug',
        'products.name',
        'products.status',
        'products.sku',
        'products.regular_price',
        'products.sale_price',
        'products.stock_on_hand',
        'products.limited',
        'products.max_per_fan',
        'parent.slug as parent_slug',
        'parent.name as parent_name',
        'parent.status as parent_status',
        'parent.limited as parent_limited',
        'parent.max_per_fan as parent_max_per_fan',
      ])
      .where('products.stock_on_hand', 'is not', null)
      .orderBy((eb) => eb.fn.coalesce('parent.menu_order', 'products.menu_order'))
      .orderBy((eb) => eb.fn.coalesce('products.parent_id', 'products.id'))
      .orderBy('products.menu_order')
      .orderBy('products.id')
      .execute(),
    listsOf(db),
  ])
  const rows = products.map(
    (row): Record<CsvColumn, string> => ({
      product_slug: row.parent_slug ?? row.slug,
      product_name: row.parent_name ?? row.name,
      // A variation taken off its product (the product form's retired one) is a draft of its own.
      status:
        row.parent_status === null ? row.status : row.status === 'draft' ? 'retired' : row.parent_status,
      categories: lists.categoriesOf(row.parent_id ?? row.id),
      sku: row.sku,
      attributes: row.parent_id === null ? '' : lists.attributesOf(row.id),
      price: toDecimalString(Number(row.regular_price)),
      sale_price: row.sale_price === null ? '' : toDecimalString(Number(row.sale_price)),
      on_hand: String(row.stock_on_hand),
      // The product's own: a variation's row gives its product's, as it does its name.
      per_fan_limit: String(
        (row.parent_id === null
          ? perFanCap(row)
          : perFanCap({ limited: row.parent_limited, max_per_fan: row.parent_max_per_fan })) ?? '',
      ),
    }),
  )
  // A cell a spreadsheet would run as a formula starts with a quote instead (CSV injection).
  return stringify(rows, {
    header: true,
    columns: [...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS],
    cast: { string: neutraliseCsvCell },
  })
}
