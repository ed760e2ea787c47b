/** The JSON an API answer carries for an image: WooCommerce's `{ id, src, alt }` plus responsive sizes. */
import { type ImageJson, imageSources } from '@fanshop/core'

export interface MediaRow {
  id: number
  alt: string
  width: number | null
  height: number | null
}

export function describeImage(row: MediaRow): ImageJson {
  const width = row.width ?? 1200
  const height = row.height ?? 1200
  const { src, srcset } = imageSources({ id: row.id, width })
  return { id: row.id, src, alt: row.alt, width, height, srcset }
}

/** URL of a stored file as it was uploaded (audio, or an image's original). */
export const mediaFileUrl = (id: number) => `/media/${id}/file`
