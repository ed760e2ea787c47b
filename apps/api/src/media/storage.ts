/**
 * Stores originals under DATA_DIR/media and derives responsive sizes (WebP and AVIF) on first
 * request, cached on disk: seeding stays fast, and each size is encoded once, shared by all
 * processes (written to a temporary name, then renamed into place).
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { MAX_IMAGE_SIDE } from '@fanshop/core'
import pLimit from 'p-limit'
import sharp from 'sharp'
import type { ShopContext } from '../context.ts'
import { notFound } from '../http/errors.ts'

// Each size is encoded once and then served from disk, so libvips' operation cache (up to 50 MB
// by default) would only keep the demo seed's and those one-off encodes' memory for nothing.
sharp.cache(false)

/**
 * Encodes run two at a time (libvips already spreads each over the cores); the others wait their
 * turn. Each holds its decoded original, and 80 first requests of different sizes at once (a new
 * product's pictures on drop day, a phone's first load of every page) took the process from 215 to
 * 417 MiB resident when they all ran together.
 */
export const encodes = pLimit(2)

export const IMAGE_FORMATS = ['webp', 'avif'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export function mediaRoot(ctx: Pick<ShopContext, 'config'>) {
  return path.join(ctx.config.dataDir, 'media')
}

/** Saves a file as a new media row; images get their pixel size recorded. */
export async function storeMedia(
  ctx: Pick<ShopContext, 'config' | 'db' | 'now'>,
  input: { data: Buffer; extension: string; mime: string; alt: string },
): Promise<number> {
  const file = `originals/${randomUUID()}.${input.extension}`
  const full = path.join(mediaRoot(ctx), file)
  await fs.mkdir(path.dirname(full), { recursive: true })
  await fs.writeFile(full, input.data)
  let width: number | null = null
  let height: number | null = null
  if (input.mime.startsWith('image/')) {
    const meta = await sharp(input.data).metadata()
    width = meta.width ?? null
    height = meta.height ?? null
  }
  const row = await ctx.db
    .insertInto('media')
    .values({ file, mime: input.mime, width, height, alt: input.alt, created_at: ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const inFlight = new Map<string, Promise<string>>()

/**
 * Path of the resized file, encoding it on first use. An original gone from the disk (a data
 * folder restored without its media, an instance that does not share it) is a 404 for that
 * picture, reported in the log, not a failure of the server.
 */
export async function resizedImagePath(
  ctx: Pick<ShopContext, 'config' | 'log'>,
  original: string,
  id: number,
  width: number,
  format: ImageFormat,
): Promise<string> {
  const target = path.join(mediaRoot(ctx), 'cache', `${id}-${width}.${format}`)
  try {
    await fs.access(target)
    return target
  } catch {}
  const pending = inFlight.get(target)
  if (pending) return pending
  const work = (async () => {
    const source = path.join(mediaRoot(ctx), original)
    try {
      await fs.access(source)
    } catch {
      ctx.log.error({ media: id, file: original }, 'media: original file missing')
      throw notFound(`The file of media ${id} is missing.`)
    }
    await fs.mkdir(path.dirname(target), { recursive: true })
    const data = await encodes(() => {
      // Never higher than WebP and AVIF hold, whatever the original's proportions.
      const pipeline = sharp(source).resize({
        width,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      return format === 'avif'
        ? pipeline.avif({ quality: 50, effort: 2 }).toBuffer()
        : pipeline.webp({ quality: 78 }).toBuffer()
    })
    const temporary = `${target}.${randomUUID()}.tmp`
    await fs.writeFile(temporary, data)
    await fs.rename(temporary, target)
    return target
  })().finally(() => inFlight.delete(target))
  inFlight.set(target, work)
  return work
}
