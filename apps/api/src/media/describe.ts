/** The JSON an API answer carries for an image: WooCommerce's `{ id, src, alt }` plus responsive sizes. */
import type { ImageJson } from '@fanshop/core'
import { IMAGE_WIDTHS } from './storage.ts'

export interface MediaRow {
  id: number
  alt: string
  width: number | null
  height: number | null
}

export function describeImage(row: MediaRow): ImageJson {
  const width = row.width ?? 1200
  const height = row.height ?? 1200
  const widths = IMAGE_WIDTHS.filter((w) => w <= width)
  const list = (format: string) => widths.map((w) => `/media/${row.id}/${w}.${format} ${w}w`).join(', ')
  const srcWidth = widths.includes(960) ? 960 : (widths.at(-1) ?? IMAGE_WIDTHS[0])
  return {
    id: row.id,
    src: `/media/${row.id}/${srcWidth}.webp`,
    alt: row.alt,
    width,
    height,
    srcset: { avif: list('avif'), webp: list('webp') },
  }
}

/** URL of a stored file as it was uploaded (audio, or an image's original). */
export const mediaFileUrl = (id: number) => `/media/${id}/file`
