/**
 * Demo artwork drawn locally at seed time (there is no network): abstract scenes for editorial
 * content and the size guides' measuring diagram, as SVG rendered to PNG by sharp (products are
 * drawn by garments.ts).
 * No text is drawn, so no fonts are needed on the machine.
 */
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { ShopContext } from '../context.ts'
import { storeMedia } from '../media/storage.ts'

export type Artwork = 'scene' | 'cover' | 'portrait' | 'measure'

function rng(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

export function drawArtwork(kind: Artwork, seed: number, width = 900, height = 1125): string {
  const random = rng(seed * 7919 + 17)
  const hue = Math.floor(random() * 360)
  const bg1 = `hsl(${hue} 30% 92%)`
  const bg2 = `hsl(${(hue + 40) % 360} 35% 80%)`
  const ink = `hsl(${(hue + 180) % 360} 45% ${25 + Math.floor(random() * 30)}%)`
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>`
  let body = ''
  if (kind === 'measure') {
    body = `<g fill="none" stroke="${ink}" stroke-width="8"><path d="M${width * 0.3} ${height * 0.15} h${width * 0.4} l${width * 0.12} ${height * 0.2} v${height * 0.55} h-${width * 0.64} v-${height * 0.55} z"/><path stroke-dasharray="18 12" d="M${width * 0.22} ${height * 0.42} h${width * 0.56}"/><path stroke-dasharray="18 12" d="M${width * 0.5} ${height * 0.15} v${height * 0.75}"/></g>`
  } else {
    const shapes: string[] = []
    const count = kind === 'cover' ? 5 : 9
    for (let i = 0; i < count; i++) {
      const cx = random() * width
      const cy = random() * height
      const r = (0.08 + random() * 0.3) * Math.min(width, height)
      const h = (hue + Math.floor(random() * 120)) % 360
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${h} 55% ${35 + random() * 35}%)" opacity="${0.35 + random() * 0.5}"/>`,
      )
    }
    if (kind === 'portrait') {
      shapes.push(
        `<ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.16}" ry="${height * 0.14}" fill="${ink}"/>`,
      )
      shapes.push(
        `<path d="M${width * 0.2} ${height} Q${width / 2} ${height * 0.5} ${width * 0.8} ${height} Z" fill="${ink}"/>`,
      )
    }
    if (kind === 'scene') {
      shapes.push(
        `<path d="M0 ${height * 0.75} Q${width * 0.3} ${height * 0.6} ${width * 0.6} ${height * 0.72} T${width} ${height * 0.7} V${height} H0 Z" fill="${ink}" opacity="0.8"/>`,
      )
    }
    body = shapes.join('')
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}<rect width="100%" height="100%" fill="url(#g)"/>${body}</svg>`
}

type MediaCtx = Pick<ShopContext, 'config' | 'db' | 'now'>

/**
 * Rendered drawings, by the hash of their SVG: the demo draws the same pictures on every seed
 * (each test file seeds its own database), and the catalogue's flat-lays take a tenth of a
 * second or more each to render.
 */
const RENDER_CACHE = path.join(os.tmpdir(), 'fanshop-demo-art')

async function renderPng(svg: string): Promise<Buffer> {
  const file = path.join(RENDER_CACHE, `${createHash('sha256').update(svg).digest('hex')}.png`)
  const cached = await fs.readFile(file).catch(() => null)
  if (cached) return cached
  const data = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer()
  // Written under a private name, then renamed into place, so no reader sees half a file. The
  // cache only saves time: when it cannot be written, the next seed renders again.
  const partial = `${file}.${randomUUID()}.partial`
  await fs
    .mkdir(RENDER_CACHE, { recursive: true })
    .then(() => fs.writeFile(partial, data))
    .then(() => fs.rename(partial, file))
    .catch(() => fs.rm(partial, { force: true }))
  return data
}

/** Renders an SVG drawing to PNG and stores it as a media row; returns the media id. */
export async function storeDrawing(ctx: MediaCtx, svg: string, alt: string): Promise<number> {
  return storeMedia(ctx, { data: await renderPng(svg), extension: 'png', mime: 'image/png', alt })
}

/** Draws an artwork and stores it as a media row; returns the media id. */
export function generateImage(
  ctx: MediaCtx,
  options: { kind: Artwork; seed: number; alt: string; width?: number; height?: number },
): Promise<number> {
  return storeDrawing(
    ctx,
    drawArtwork(options.kind, options.seed, options.width, options.height),
    options.alt,
  )
}
