/**
 * The back office's products (issue 11), on the catalogue's own tables: one product with its
 * variation matrix as the edit form shows it, and saving one (simple or variable) in a single
 * transaction with its audit entry. A variation left out of the matrix is taken off sale, never
 * deleted, since orders may name it, and comes back when its terms are put back; on hand is written by the stock page's own rule
 * (stock-adjust.ts), so it never goes below what carts hold and orders sold. A save made from a
 * copy older than the product's last change (another save, a stock adjustment) is refused rather
 * than writing that copy's figures over the change.
 */
import {
  type AdminProduct,
  fanCapSettings,
  type ProductInput,
  type ProductState,
  perFanCap,
  STALE_PRODUCT,
  skuKey,
  toDecimalString,
} from '@fanshop/core'
import { type Kysely, type Selectable, sql } from 'kysely'
import { cleanProductHtml } from '../../catalog/html.ts'
import { permalinkOf } from '../../catalog/product-json.ts'
import type { ProductsTable } from '../../catalog/tables.ts'
import type { Database } from '../../db/schema.ts'
import { conflictOnUnique, HttpError, notFound, unprocessable } from '../../http/errors.ts'
import { describeImage } from '../../media/describe.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { writeOnHand } from './stock-adjust.ts'

type Db = Kysely<Database>
type ProductRow = Selectable<ProductsTable>

export const slugTaken = (slug: string) =>
  new HttpError(409, `The slug "${slug}" is taken by another product; choose another.`)

/** A slug or SKU taken by a save at the same moment, which only the unique indexes saw. */
const SAVED_MEANWHILE =
  'Another save took one of these slugs or SKUs at the same moment; save again to see which.'

const skuTaken = (sku: string, by: string) =>
  new HttpError(409, `The SKU "${sku}" is taken by ${by}; choose another.`)

/** How the back office names a product's state: a published product before its time is scheduled. */
export function stateOf(row: Pick<ProductRow, 'status' | 'publish_at'>, now: number): ProductState {
  if (row.status === 'draft') return 'draft'
  return row.publish_at !== null && Number(row.publish_at) > now ? 'scheduled' : 'published'
}

const priceText = (cents: number | null) => (cents === null ? '' : toDecimalString(cents))

function stockOf(row: ProductRow) {
  if (row.stock_on_hand === null) return null
  const onHand = Number(row.stock_on_hand)
  const sold = Number(row.stock_sold)
  const held = Number(row.stock_held)
  return { onHand, sold, held, available: Math.max(0, onHand - sold - held) }
}

/** The product as the edit form shows it; 404 for a variation or an unknown id. */
export async function readAdminProduct(db: Db, id: number, now: number): Promise<AdminProduct> {
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('parent_id', 'is', null)
    .executeTakeFirst()
  if (!product || product.type === 'variation') throw notFound(`There is no product with id ${id}.`)
  const variations = await db
    .selectFrom('products')
    .selectAll()
    .where('parent_id', '=', id)
    .orderBy('menu_order')
    .orderBy('id')
    .execute()
  const ids = [id, ...variations.map((v) => v.id)]
  const [categories, terms, images] = await Promise.all([
    db
      .selectFrom('product_categories')
      .select('category_id')
      .where('product_id', '=', id)
      .orderBy('category_id')
      .execute(),
    db
      .selectFrom('product_terms')
      .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
      .select(['product_terms.product_id', 'attribute_terms.id', 'attribute_terms.name'])
      .where('product_terms.product_id', 'in', ids)
      .orderBy('attribute_terms.attribute_id')
      .orderBy('attribute_terms.menu_order')
      .orderBy('attribute_terms.id')
      .execute(),
    productImages(db, id),
  ])
  const termsOf = (productId: number) => terms.filter((term) => term.product_id === productId)
  return {
    id,
    type: product.type,
    name: product.name,
    slug: product.slug,
    permalink: permalinkOf(product.slug),
    description: product.description,
    shortDescription: product.short_description,
    status: stateOf(product, now),
    publishAt: product.publish_at === null ? null : new Date(Number(product.publish_at)).toISOString(),
    categories: categories.map((row) => row.category_id),
    sizeGuideId: product.size_guide_id,
    perFanLimit: perFanCap(product),
    terms: termsOf(id).map((term) => term.id),
    sku: product.sku,
    price: product.type === 'simple' ? priceText(product.regular_price) : '',
    salePrice: product.type === 'simple' ? priceText(product.sale_price) : '',
    stock: stockOf(product),
    variations: variations.map((variation) => ({
      id: variation.id,
      terms: termsOf(variation.id).map((term) => term.id),
      label: termsOf(variation.id)
        .map((term) => term.name)
        .join(', '),
      sku: variation.sku,
      price: priceText(variation.regular_price),
      salePrice: priceText(variation.sale_price),
      active: variation.status === 'publish',
      stock: stockOf(variation) ?? { onHand: 0, sold: 0, held: 0, available: 0 },
      imageId: variation.image_id,
    })),
    images: images.map(describeImage),
    updatedAt: new Date(Number(product.updated_at)).toISOString(),
  }
}

/** A product's images in the shop's order (the first is the main image). */
export function productImages(db: Db, productId: number) {
  return db
    .selectFrom('product_images')
    .innerJoin('media', 'media.id', 'product_images.media_id')
    .select(['media.id', 'media.alt', 'media.width', 'media.height'])
    .where('product_images.product_id', '=', productId)
    .orderBy('product_images.position')
    .execute()
}

interface TermInfo {
  id: number
  attribute_id: number
  name: string
  slug: string
}

/** Refuses ids that name nothing, with the first unknown one. */
async function assertAll(db: Db, table: 'categories' | 'size_guides', ids: number[], what: string) {
  if (ids.length === 0) return
  const found = new Set(
    (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((row) => row.id),
  )
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw unprocessable(`There is no ${what} with id ${missing}.`)
}

/**
 * The matrix must be a matrix: each variation names one term of each of the same attributes,
 * and no two variations name the same terms.
 */
function checkMatrix(input: ProductInput, termById: Map<number, TermInfo>) {
  let attributes: string | null = null
  const seen = new Set<string>()
  for (const [i, variation] of input.variations.entries()) {
    const terms = variation.terms.map((id) => termById.get(id)!)
    const attributeIds = terms.map((term) => term.attribute_id).sort((a, b) => a - b)
    if (new Set(attributeIds).size !== attributeIds.length) {
      throw unprocessable(`Variation ${i + 1} names two terms of one attribute.`)
    }
    const key = attributeIds.join(',')
    if (attributes !== null && key !== attributes) {
      throw unprocessable(`Variation ${i + 1} does not use the same attributes as the others.`)
    }
    attributes = key
    const combination = [...variation.terms].sort((a, b) => a - b).join(',')
    if (seen.has(combination)) throw unprocessable(`Variation ${i + 1} repeats another variation's terms.`)
    seen.add(combination)
  }
}

/** Creates (id null) or replaces a product, writing its audit entry in the same transaction. */
export async function saveProduct(
  db: Db,
  actor: Actor,
  now: number,
  id: number | null,
  input: ProductInput,
): Promise<AdminProduct> {
  const saving = db.transaction().execute(async (trx) => {
    const before = id === null ? null : await readAdminProduct(trx, id, now)
    if (before && before.type !== input.type) {
      throw unprocessable(`A ${before.type} product stays ${before.type}; create a new product instead.`)
    }
    await assertAll(trx, 'categories', input.categories, 'category')
    await assertAll(
      trx,
      'size_guides',
      input.sizeGuideId === undefined ? [] : [input.sizeGuideId],
      'size guide',
    )
    const termIds = [...new Set([...input.terms, ...input.variations.flatMap((v) => v.terms)])]
    const terms: TermInfo[] = termIds.length
      ? await trx
          .selectFrom('attribute_terms')
          .select(['id', 'attribute_id', 'name', 'slug'])
          .where('id', 'in', termIds)
          .orderBy('attribute_id')
          .orderBy('menu_order')
          .execute()
      : []
    const termById = new Map(terms.map((term) => [term.id, term]))
    const unknownTerm = termIds.find((termId) => !termById.has(termId))
    if (unknownTerm !== undefined) throw unprocessable(`There is no attribute term with id ${unknownTerm}.`)
    checkMatrix(input, termById)

    const imageIds = new Set((before?.images ?? []).map((image) => image.id))
    for (const [i, variation] of input.variations.entries()) {
      if (variation.imageId != null && !imageIds.has(variation.imageId)) {
        throw unprocessable(`Variation ${i + 1}'s image must be one of this product's images.`)
      }
    }

    // A variation is its terms: one sent without its id is the product's variation with those terms
    // if it has one (taken off sale before, it comes back with its row, its slug and what it sold).
    const existing = new Map((before?.variations ?? []).map((v) => [v.id, v]))
    const keyOf = (variationTerms: number[]) => [...variationTerms].sort((a, b) => a - b).join(',')
    // A variation is named and slugged in the shop's order of attributes, as the catalogue file does.
    const inShopOrder = (variationTerms: number[]) =>
      [...variationTerms].sort((a, b) => termById.get(a)!.attribute_id - termById.get(b)!.attribute_id)
    const labelOf = (variationTerms: number[]) =>
      inShopOrder(variationTerms)
        .map((termId) => termById.get(termId)!.name)
        .join(', ')
    const named = new Set(input.variations.flatMap((v) => (v.id === undefined ? [] : [v.id])))
    const variationIds = input.variations.map((variation) => {
      if (variation.id === undefined) {
        const same = [...existing.values()].filter(
          (had) => !named.has(had.id) && keyOf(had.terms) === keyOf(variation.terms),
        )
        return (same.find((had) => had.active) ?? same.at(-1))?.id
      }
      const had = existing.get(variation.id)
      if (!had) throw unprocessable(`Variation ${variation.id} is not one of this product's.`)
      if (keyOf(had.terms) !== keyOf(variation.terms)) {
        throw unprocessable(
          `Variation ${had.id} is ${had.label}: a variation keeps its terms; leave its id out to add ${labelOf(variation.terms)}.`,
        )
      }
      return had.id
    })

    const slugFor = (variationTerms: number[]) =>
      [input.slug, ...inShopOrder(variationTerms).map((termId) => termById.get(termId)!.slug)].join('-')
    const slugs = [input.slug, ...input.variations.map((v) => slugFor(v.terms))]
    // Rows written below take their new slugs; variations taken off sale keep theirs.
    const rewritten = before ? [before.id, ...variationIds.filter((id) => id !== undefined)] : []
    const clash = await trx
      .selectFrom('products')
      .select(['slug', 'parent_id'])
      .where('slug', 'in', slugs)
      .$if(rewritten.length > 0, (q) => q.where('id', 'not in', rewritten))
      .executeTakeFirst()
    if (clash && before && clash.parent_id === before.id) {
      throw new HttpError(
        409,
        `The slug "${clash.slug}" is kept by a variation of this product taken off sale; choose another.`,
      )
    }
    if (clash) throw slugTaken(clash.slug)

    // Every variation has a SKU (core's productInputSchema), so the list is never empty.
    const skus = [input.sku, ...input.variations.map((v) => v.sku)].filter((sku) => sku !== '')
    const skuClash = await trx
      .selectFrom('products')
      .select(['sku', 'name', 'parent_id'])
      // The unique index on upper(sku) holds the rows with a SKU: the same condition lets it serve here.
      .where('sku', '<>', '')
      .where(sql<string>`upper(sku)`, 'in', skus.map(skuKey))
      .$if(rewritten.length > 0, (q) => q.where('id', 'not in', rewritten))
      .executeTakeFirst()
    if (skuClash && before && skuClash.parent_id === before.id) {
      throw skuTaken(skuClash.sku, 'a variation of this product taken off sale')
    }
    if (skuClash) throw skuTaken(skuClash.sku, skuClash.name)
    // Rows whose SKU changes let go of the old one first, so two of them may swap theirs in one save.
    if (before) {
      const had = new Map([before, ...before.variations].map((row) => [row.id, skuKey(row.sku)]))
      const written = [
        { id: before.id, sku: input.sku },
        ...input.variations.map((variation, position) => ({
          id: variationIds[position],
          sku: variation.sku,
        })),
      ]
      const letGo = written.flatMap((row) =>
        row.id !== undefined && had.get(row.id) !== skuKey(row.sku) ? [row.id] : [],
      )
      if (letGo.length > 0) {
        await trx.updateTable('products').set({ sku: '' }).where('id', 'in', letGo).execute()
      }
    }

    const publishAt = input.status === 'scheduled' ? Date.parse(input.publishAt!) : null
    const variable = input.type === 'variable'
    const fields = {
      name: input.name,
      slug: input.slug,
      status: input.status === 'draft' ? ('draft' as const) : ('publish' as const),
      publish_at: publishAt,
      description: cleanProductHtml(input.description),
      short_description: cleanProductHtml(input.shortDescription),
      sku: input.sku,
      regular_price: variable ? Math.min(...input.variations.map((v) => v.price)) : input.price!,
      sale_price: variable ? null : (input.salePrice ?? null),
      size_guide_id: input.sizeGuideId ?? null,
      ...fanCapSettings(input.perFanLimit ?? null),
      updated_at: now,
    }
    let productId: number
    if (before) {
      productId = before.id
      // Every change of the product or its stock moves updated_at, so a copy older than it fails here.
      const updated = await trx
        .updateTable('products')
        .set(fields)
        .where('id', '=', productId)
        .$if(input.updatedAt !== undefined, (q) => q.where('updated_at', '=', Date.parse(input.updatedAt!)))
        .executeTakeFirst()
      if (!updated.numUpdatedRows) throw new HttpError(409, STALE_PRODUCT)
      if (before.stock && input.stock !== before.stock.onHand) {
        await writeOnHand(trx, productId, { set: input.stock! })
      }
    } else {
      const menuOrder = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('menu_order').as('last'))
        .where('parent_id', 'is', null)
        .executeTakeFirst()
      const inserted = await trx
        .insertInto('products')
        .values({
          ...fields,
          parent_id: null,
          type: input.type,
          stock_on_hand: variable ? null : input.stock!,
          stock_sold: 0,
          gender_id: null,
          image_id: null,
          menu_order: Number(menuOrder?.last ?? 0) + 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      productId = inserted.id
    }

    await trx.deleteFrom('product_categories').where('product_id', '=', productId).execute()
    if (input.categories.length > 0) {
      await trx
        .insertInto('product_categories')
        .values([...new Set(input.categories)].map((category_id) => ({ product_id: productId, category_id })))
        .execute()
    }
    await setTerms(trx, productId, termIds)

    const kept = new Set<number>()
    for (const [position, variation] of input.variations.entries()) {
      const label = labelOf(variation.terms)
      const row = {
        name: `${input.name} - ${label}`,
        slug: slugFor(variation.terms),
        status: 'publish' as const,
        sku: variation.sku,
        regular_price: variation.price,
        sale_price: variation.salePrice ?? null,
        menu_order: position,
        updated_at: now,
        ...(variation.imageId === undefined ? {} : { image_id: variation.imageId }),
      }
      let variationId = variationIds[position]
      if (variationId !== undefined) {
        await trx.updateTable('products').set(row).where('id', '=', variationId).execute()
        if (variation.stock !== existing.get(variationId)!.stock.onHand) {
          await writeOnHand(trx, variationId, { set: variation.stock }, label)
        }
      } else {
        const inserted = await trx
          .insertInto('products')
          .values({
            ...row,
            stock_on_hand: variation.stock,
            parent_id: productId,
            type: 'variation',
            description: '',
            short_description: '',
            stock_sold: 0,
            gender_id: null,
            size_guide_id: null,
            image_id: variation.imageId ?? null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        variationId = inserted.id
      }
      kept.add(variationId)
      await setTerms(trx, variationId, variation.terms)
    }
    const retired = [...existing.keys()].filter((variationId) => !kept.has(variationId))
    if (retired.length > 0) {
      await trx
        .updateTable('products')
        .set({ status: 'draft', updated_at: now })
        .where('id', 'in', retired)
        .execute()
    }

    const after = await readAdminProduct(trx, productId, now)
    await recordAudit(trx, actor, now, {
      action: before ? 'product.update' : 'product.create',
      entity: 'product',
      entityId: productId,
      before: before ?? undefined,
      after,
    })
    return after
  })
  // The checks above name the slug or SKU in use; only a save at the same moment gets past them.
  return saving.catch(conflictOnUnique(SAVED_MEANWHILE))
}

async function setTerms(db: Db, productId: number, termIds: number[]) {
  await db.deleteFrom('product_terms').where('product_id', '=', productId).execute()
  if (termIds.length === 0) return
  await db
    .insertInto('product_terms')
    .values([...new Set(termIds)].map((term_id) => ({ product_id: productId, term_id })))
    .execute()
}
