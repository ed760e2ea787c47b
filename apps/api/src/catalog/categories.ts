/**
 * The product categories listing (WooCommerce products/categories): each category with its
 * image and the number of published products in it, filtered, ordered and paged.
 */
import type { CATEGORY_ORDERS, CategoryJson } from '@fanshop/core'
import { sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import { describeImage } from '../media/describe.ts'
import { shownInShop } from './visibility.ts'

export type CategoryOrder = (typeof CATEGORY_ORDERS)[number]

export interface CategorySearch {
  exclude?: number[]
  include?: number[]
  hideEmpty: boolean
  orderby: CategoryOrder
  order: 'asc' | 'desc'
  page: number
  perPage: number
}

export async function listCategories(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  search: CategorySearch,
): Promise<{ categories: CategoryJson[]; total: number }> {
  const query = ctx.db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select((eb) => [
      'categories.id',
      'categories.name',
      'categories.slug',
      'categories.parent',
      'categories.description',
      'categories.menu_order',
      'categories.hidden',
      'media.id as image_id',
      'media.alt as image_alt',
      'media.width as image_width',
      'media.height as image_height',
      eb
        .selectFrom('product_categories')
        .innerJoin('products', 'products.id', 'product_categories.product_id')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('product_categories.category_id', '=', 'categories.id')
        .where(shownInShop(ctx.now()))
        .where('products.parent_id', 'is', null)
        .as('count'),
    ])
  const filtered = ctx.db
    .selectFrom(query.as('c'))
    .where((eb) =>
      eb.and([
        eb('c.hidden', '=', 0),
        ...(search.exclude ? [eb('c.id', 'not in', search.exclude)] : []),
        ...(search.include ? [eb('c.id', 'in', search.include)] : []),
        ...(search.hideEmpty ? [eb('c.count', '>', 0)] : []),
      ]),
    )
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await filtered
    .selectAll()
    .orderBy(sql.ref(`c.${search.orderby}`), search.order)
    .orderBy('c.id', search.order)
    .limit(search.perPage)
    .offset((search.page - 1) * search.perPage)
    .execute()
  return {
    total: Number(total),
    categories: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      parent: row.parent,
      description: row.description,
      image:
        row.image_id === null
          ? null
          : describeImage({
              id: row.image_id,
              alt: row.image_alt ?? '',
              width: row.image_width,
              height: row.image_height,
            }),
      menu_order: row.menu_order,
      count: Number(row.count ?? 0),
    })),
  }
}
