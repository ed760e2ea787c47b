/**
 * Writes the demo catalogue (catalog-data.ts) into an empty database: categories (with the
 * excluded id 15), genders, the Colour and Size attributes, size guides, and products with
 * their variations, stock and generated images. Images are drawn in parallel first, then all
 * rows are written in one transaction, so seeding takes a second or two.
 */

import { slugOf, variationSku } from '@fanshop/core'
import { cleanProductHtml } from '../catalog/html.ts'
import { syncIdSequence } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { generateImage, storeDrawing } from './artwork.ts'
import {
  DEMO_ATTRIBUTES,
  DEMO_CATEGORIES,
  DEMO_GENDERS,
  DEMO_PRODUCTS,
  DEMO_SIZE_GUIDES,
  type DemoProduct,
} from './catalog-data.ts'
import { type GarmentDrawing, garmentSvg, type View } from './garments.ts'
import type { SeedContext } from './seed.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Extra-large sizes cost a little more, as they often do. */
const XXL_SURCHARGE_CENTS = 200
const DETAIL_VIEWS: { view: View; alt: string }[] = [
  { view: 'back', alt: 'back view' },
  { view: 'print', alt: 'close-up of the print' },
  { view: 'folded', alt: 'folded' },
]

/**
 * Product images: one per colour, drawn in that colour (the variations of that colour show it),
 * then detail views in the first colour.
 */
function productImages(product: DemoProduct, index: number): { drawing: GarmentDrawing; alt: string }[] {
  const { garment, motif } = product
  const seed = 1000 + index
  const fronts =
    product.colours.length > 0
      ? product.colours.map((colour) => ({
          drawing: { garment, motif, colour, seed },
          alt: `${product.name}, in ${colour}`,
        }))
      : [{ drawing: { garment, motif, seed }, alt: `${product.name}, front view` }]
  const details = DETAIL_VIEWS.slice(0, product.detailImages).map(({ view, alt }) => ({
    drawing: { ...fronts[0]!.drawing, view },
    alt: `${product.name}, ${alt}`,
  }))
  return [...fronts, ...details]
}

/**
 * Products arrived in drops, not in the order the shop features them, so the shop's "Newest"
 * and "Featured" sorts differ; the first featured product is also the newest.
 */
const arrivedDaysAgo = (index: number) => (index * 11) % DEMO_PRODUCTS.length

const variationSlug = (product: DemoProduct, colour: string, size: string) =>
  `${product.slug}-${slugOf(colour)}-${slugOf(size)}`

function perVariation(value: number | number[] | undefined, index: number): number {
  if (value === undefined) return 0
  return Array.isArray(value) ? value[index]! : value
}

export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const draw = (image: { drawing: GarmentDrawing; alt: string }) =>
    storeDrawing(ctx, garmentSvg(image.drawing, 960, 1200), image.alt)

  const [categoryImages, measureImages, productImageIds] = await Promise.all([
    Promise.all(
      DEMO_CATEGORIES.map((category, i) =>
        draw({
          drawing: { garment: category.garment, colour: category.colour, seed: 500 + i },
          alt: `${category.name} collection`,
        }),
      ),
    ),
    Promise.all(
      DEMO_SIZE_GUIDES.map((guide) =>
        generateImage(ctx, {
          kind: 'measure',
          seed: guide.measure.artworkSeed,
          alt: guide.measure.alt,
          width: 960,
          height: 1200,
        }),
      ),
    ),
    Promise.all(DEMO_PRODUCTS.map((product, i) => Promise.all(productImages(product, i).map(draw)))),
  ])

  const now = ctx.now()
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values(
        DEMO_CATEGORIES.map((category, i) => ({
          id: category.id,
          name: category.name,
          slug: category.slug,
          parent: 0,
          description: category.description,
          image_id: categoryImages[i]!,
          menu_order: category.menuOrder,
        })),
      )
      .execute()
    await syncIdSequence<Database>(trx, ctx.database.dialect, 'categories')

    const genders = await trx
      .insertInto('genders')
      .values(DEMO_GENDERS.map((gender) => ({ name: gender.name, slug: gender.slug })))
      .returning(['id', 'slug'])
      .execute()
    const genderId = new Map(genders.map((gender) => [gender.slug, gender.id]))

    const termId = new Map<string, number>()
    for (const attribute of DEMO_ATTRIBUTES) {
      const { id } = await trx
        .insertInto('attributes')
        .values({ name: attribute.name, slug: attribute.slug })
        .returning('id')
        .executeTakeFirstOrThrow()
      const terms = await trx
        .insertInto('attribute_terms')
        .values(
          attribute.terms.map((name, menuOrder) => ({
            attribute_id: id,
            name,
            slug: slugOf(name),
            menu_order: menuOrder,
          })),
        )
        .returning(['id', 'name'])
        .execute()
      for (const term of terms) termId.set(`${attribute.slug}:${term.name}`, term.id)
    }
    const colourTerm = (name: string) => termId.get(`colour:${name}`)!
    const sizeTerm = (name: string) => termId.get(`size:${name}`)!

    const guideId = new Map<string, number>()
    for (const [i, guide] of DEMO_SIZE_GUIDES.entries()) {
      const { id } = await trx
        .insertInto('size_guides')
        .values({
          name: guide.name,
          description: guide.description,
          sizes: JSON.stringify(
            guide.rows.map((row) => ({
              size: row.size,
              chest_size: String(row.chest),
              body_size: String(row.body),
            })),
          ),
          measure_description: guide.measure.description,
          measure_image_id: measureImages[i]!,
          chest_description: guide.measure.chest,
          body_description: guide.measure.body,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      guideId.set(guide.key, id)
    }

    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const images = productImageIds[index]!
      const variable = Array.isArray(product.stock)
      const sizes = product.sizes ?? []
      const createdAt = now - arrivedDaysAgo(index) * DAY_MS
      const { id } = await trx
        .insertInto('products')
        .values({
          parent_id: null,
          type: variable ? 'variable' : 'simple',
          name: product.name,
          slug: product.slug,
          status: 'publish',
          description: cleanProductHtml(product.description),
          short_description: cleanProductHtml(
            `<ul>${product.specs.map((s) => `<li>${s}</li>`).join('')}</ul>`,
          ),
          sku: product.sku,
          regular_price: product.price,
          sale_price: product.salePrice ?? null,
          stock_on_hand: variable ? null : (product.stock as number),
          stock_sold: variable ? 0 : perVariation(product.sold, 0),
          gender_id: product.gender ? genderId.get(product.gender)! : null,
          size_guide_id: product.sizeGuide ? guideId.get(product.sizeGuide)! : null,
          image_id: images[0]!,
          menu_order: index,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()

      await trx
        .insertInto('product_categories')
        .values(product.categories.map((category_id) => ({ product_id: id, category_id })))
        .execute()
      await trx
        .insertInto('product_images')
        .values(images.map((media_id, position) => ({ product_id: id, media_id, position })))
        .execute()
      const offered = [...product.colours.map(colourTerm), ...sizes.map(sizeTerm)]
      if (offered.length > 0) {
        await trx
          .insertInto('product_terms')
          .values(offered.map((term_id) => ({ product_id: id, term_id })))
          .execute()
      }
      if (!variable) continue

      const combinations = product.colours.flatMap((colour, colourIndex) =>
        sizes.map((size) => ({ colour, colourIndex, size })),
      )
      if (combinations.length !== (product.stock as number[]).length) {
        throw new Error(`Demo product ${product.slug}: stock lists ${combinations.length} variations`)
      }
      const variations = await trx
        .insertInto('products')
        .values(
          combinations.map(({ colour, colourIndex, size }, i) => {
            const surcharge = size === 'XXL' ? XXL_SURCHARGE_CENTS : 0
            return {
              parent_id: id,
              type: 'variation' as const,
              name: `${product.name} - ${colour}, ${size}`,
              slug: variationSlug(product, colour, size),
              status: 'publish' as const,
              description: '',
              short_description: '',
              sku: variationSku(product.sku, [colour, size]),
              regular_price: product.price + surcharge,
              sale_price: product.salePrice === undefined ? null : product.salePrice + surcharge,
              stock_on_hand: perVariation(product.stock, i),
              stock_sold: perVariation(product.sold, i),
              image_id: images[colourIndex]!,
              menu_order: i,
              created_at: createdAt,
              updated_at: createdAt,
            }
          }),
        )
        .returning(['id', 'slug'])
        .execute()
      const variationId = new Map(variations.map((variation) => [variation.slug, variation.id]))
      await trx
        .insertInto('product_terms')
        .values(
          combinations.flatMap(({ colour, size }) => {
            const product_id = variationId.get(variationSlug(product, colour, size))!
            return [
              { product_id, term_id: colourTerm(colour) },
              { product_id, term_id: sizeTerm(size) },
            ]
          }),
        )
        .execute()
    }
  })
}
