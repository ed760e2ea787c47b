/**
 * A product's images in the back office (issue 11). An upload is checked by sharp before anything
 * is stored (a real JPEG, PNG, WebP or AVIF, within core's size rule), turned upright by its EXIF
 * orientation and re-encoded without any metadata (no GPS, camera or owner fields reach the
 * shop); then every image of the upload is stored and linked in one transaction with its audit
 * entry. The product's `image_id` (the cart's and orders' thumbnail) follows the first image.
 */

import fs from 'node:fs/promises'
import path from 'node:path'
import { type AdminProduct, imageSizeProblem, MAX_IMAGE_PIXELS, MAX_PRODUCT_IMAGES } from '@fanshop/core'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import type { ShopContext } from '../../context.ts'
import type { Database } from '../../db/schema.ts'
import { notFound, unprocessable } from '../../http/errors.ts'
import { mediaRoot, storeMedia } from '../../media/storage.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { readAdminProduct } from './products.ts'

type Db = Kysely<Database>

export interface UploadedFile {
  filename: string
  data: Buffer
}

export interface CleanImage {
  data: Buffer
  extension: string
  mime: string
}

const NOT_AN_IMAGE = 'is not an image the shop takes: send a JPEG, PNG, WebP or AVIF file.'

/** What sharp calls each format the shop takes, with how it is stored. */
function formatOf(meta: sharp.Metadata): { extension: string; mime: string } | null {
  if (meta.format === 'jpeg') return { extension: 'jpg', mime: 'image/jpeg' }
  if (meta.format === 'png') return { extension: 'png', mime: 'image/png' }
  if (meta.format === 'webp') return { extension: 'webp', mime: 'image/webp' }
  if (meta.format === 'heif' && meta.compression === 'av1') return { extension: 'avif', mime: 'image/avif' }
  return null
}

/** Checks one upload and answers it upright and without metadata, in its own format; 422 otherwise. */
export async function cleanImage(file: UploadedFile): Promise<CleanImage> {
  const name = `"${file.filename}"`
  let meta: sharp.Metadata
  try {
    meta = await sharp(file.data).metadata()
  } catch {
    throw unprocessable(`${name} ${NOT_AN_IMAGE}`)
  }
  const format = formatOf(meta)
  if (!format || !meta.width || !meta.height) throw unprocessable(`${name} ${NOT_AN_IMAGE}`)
  const sizeProblem = imageSizeProblem(meta.width, meta.height)
  if (sizeProblem) throw unprocessable(`${name} ${sizeProblem}`)
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
    const upright = sharp(file.data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate()
    const encoded =
      format.extension === 'jpg'
        ? upright.jpeg({ quality: 90 })
        : format.extension === 'png'
          ? upright.png()
          : format.extension === 'webp'
            ? upright.webp({ quality: 90 })
            : upright.avif({ quality: 60, effort: 2 })
    return { ...format, data: await encoded.toBuffer() }
  } catch {
    throw unprocessable(`${name} could not be read as an image; it may be damaged.`)
  }
}

async function imageIdsOf(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_images')
    .select('media_id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  return rows.map((row) => row.media_id)
}

/** Writes the images' positions in this order and makes the first the product's main image. */
async function placeImages(db: Db, productId: number, ids: number[], now: number) {
  for (const [position, mediaId] of ids.entries()) {
    await db
      .updateTable('product_images')
      .set({ position })
      .where('product_id', '=', productId)
      .where('media_id', '=', mediaId)
      .execute()
  }
  await db
    .updateTable('products')
    .set({ image_id: ids[0] ?? null, updated_at: now })
    .where('id', '=', productId)
    .execute()
}

const imagesAudit = (product: AdminProduct) =>
  product.images.map((image) => ({ id: image.id, alt: image.alt }))

/** A change to a product's images with its audit entry, in one transaction; answers the product. */
async function changeImages(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  actor: Actor,
  productId: number,
  action: string,
  change: (trx: Db, ids: number[], now: number) => Promise<void>,
): Promise<AdminProduct> {
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readAdminProduct(trx, productId, now)
    await change(trx, await imageIdsOf(trx, productId), now)
    const after = await readAdminProduct(trx, productId, now)
    await recordAudit(trx, actor, now, {
      action,
      entity: 'product',
      entityId: productId,
      before: imagesAudit(before),
      after: imagesAudit(after),
    })
    return after
  })
}

/**
 * Stores checked images after the product's others. Should the transaction fail once files are
 * written, those files are deleted too: no original is left without its row.
 */
export async function addProductImages(
  ctx: Pick<ShopContext, 'db' | 'now' | 'config'>,
  actor: Actor,
  productId: number,
  images: CleanImage[],
): Promise<AdminProduct> {
  const written: string[] = []
  try {
    return await changeImages(ctx, actor, productId, 'product.images.add', async (trx, ids, now) => {
      if (ids.length + images.length > MAX_PRODUCT_IMAGES) {
        throw unprocessable(
          `A product may have at most ${MAX_PRODUCT_IMAGES} images; this one has ${ids.length}.`,
        )
      }
      const added: number[] = []
      for (const image of images) {
        const mediaId = await storeMedia({ config: ctx.config, db: trx, now: ctx.now }, { ...image, alt: '' })
        const { file } = await trx
          .selectFrom('media')
          .select('file')
          .where('id', '=', mediaId)
          .executeTakeFirstOrThrow()
        written.push(file)
        await trx
          .insertInto('product_images')
          .values({ product_id: productId, media_id: mediaId, position: ids.length + added.length })
          .execute()
        added.push(mediaId)
      }
      await placeImages(trx, productId, [...ids, ...added], now)
    })
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(path.join(mediaRoot(ctx), file), { force: true })))
    throw error
  }
}

function assertImageOf(ids: number[], mediaId: number) {
  if (!ids.includes(mediaId)) throw notFound(`Image ${mediaId} is not one of this product's images.`)
}

export function setImageAlt(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  actor: Actor,
  productId: number,
  mediaId: number,
  alt: string,
): Promise<AdminProduct> {
  return changeImages(ctx, actor, productId, 'product.image.alt', async (trx, ids) => {
    assertImageOf(ids, mediaId)
    await trx.updateTable('media').set({ alt }).where('id', '=', mediaId).execute()
  })
}

export function orderImages(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  actor: Actor,
  productId: number,
  order: number[],
): Promise<AdminProduct> {
  return changeImages(ctx, actor, productId, 'product.images.order', async (trx, ids, now) => {
    if (order.length !== ids.length || !order.every((id) => ids.includes(id))) {
      throw unprocessable("The new order must list every one of the product's images, each once.")
    }
    await placeImages(trx, productId, order, now)
  })
}

/** Takes the image off the product and its variations; the media row stays (nothing else is lost). */
export function removeImage(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  actor: Actor,
  productId: number,
  mediaId: number,
): Promise<AdminProduct> {
  return changeImages(ctx, actor, productId, 'product.image.remove', async (trx, ids, now) => {
    assertImageOf(ids, mediaId)
    await trx
      .deleteFrom('product_images')
      .where('product_id', '=', productId)
      .where('media_id', '=', mediaId)
      .execute()
    await trx
      .updateTable('products')
      .set({ image_id: null, updated_at: now })
      .where('parent_id', '=', productId)
      .where('image_id', '=', mediaId)
      .execute()
    await placeImages(
      trx,
      productId,
      ids.filter((id) => id !== mediaId),
      now,
    )
  })
}
