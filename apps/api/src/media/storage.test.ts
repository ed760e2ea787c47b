import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodes, IMAGE_FORMATS, mediaRoot, resizedImagePath } from './storage.ts'

describe('responsive image sizes', () => {
  let dataDir: string
  const logged: unknown[] = []
  const ctx = () =>
    ({
      config: { dataDir },
      log: { error: (entry: unknown) => logged.push(entry) },
    }) as unknown as Parameters<typeof resizedImagePath>[0]
  const original = 'originals/picture.png'

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fanshop-media-'))
    await fs.mkdir(path.join(mediaRoot(ctx()), 'originals'), { recursive: true })
    await sharp({ create: { width: 1600, height: 2000, channels: 3, background: '#c04020' } })
      .png()
      .toFile(path.join(mediaRoot(ctx()), original))
  })
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

  it('encodes many first requests two at a time, each size once, at its width', async () => {
    const sizes = [160, 320, 480, 640, 960, 1280].flatMap((width) =>
      IMAGE_FORMATS.map((format) => ({ width, format })),
    )
    let most = 0
    const watch = setInterval(() => {
      most = Math.max(most, encodes.activeCount)
    }, 1)
    const files = await Promise.all(
      [...sizes, ...sizes].map(({ width, format }) => resizedImagePath(ctx(), original, 7, width, format)),
    )
    clearInterval(watch)

    expect(most).toBe(2)
    expect(encodes.pendingCount).toBe(0)
    expect(new Set(files).size).toBe(sizes.length)
    for (const { width, format } of sizes) {
      const file = path.join(mediaRoot(ctx()), 'cache', `7-${width}.${format}`)
      expect(await sharp(file).metadata()).toMatchObject({
        width,
        format: format === 'avif' ? 'heif' : 'webp',
      })
    }
  })

  it('fits a stored image of extreme proportions within what WebP and AVIF hold', async () => {
    const strip = 'originals/strip.jpg'
    await sharp({ create: { width: 1, height: 30_000, channels: 3, background: '#c04020' } })
      .jpeg()
      .toFile(path.join(mediaRoot(ctx()), strip))
    for (const format of IMAGE_FORMATS) {
      const file = await resizedImagePath(ctx(), strip, 8, 160, format)
      expect(await sharp(file).metadata()).toMatchObject({ width: 1, height: 16_383 })
    }
  })

  it('answers 404 for a picture whose original is gone, and reports it', async () => {
    await expect(resizedImagePath(ctx(), 'originals/gone.png', 9, 320, 'webp')).rejects.toMatchObject({
      statusCode: 404,
      message: 'The file of media 9 is missing.',
    })
    expect(logged).toContainEqual({ media: 9, file: 'originals/gone.png' })
    await expect(fs.access(path.join(mediaRoot(ctx()), 'cache', '9-320.webp'))).rejects.toThrow()
  })
})
