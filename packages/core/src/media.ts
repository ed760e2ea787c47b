/**
 * Images as the API describes them and as pages draw them. An image's addresses follow from its
 * id and width (the media store serves each stored width in WebP and AVIF), so the API spells them
 * out for its clients while a page's data carries only what cannot be derived, and the page's
 * component derives the rest with the same rule (issue 15: loaders send only what the page renders).
 */

/** How the API describes an image: WooCommerce's `{ id, src, alt }` plus size and responsive sources. */
export interface ImageJson {
  id: number
  src: string
  alt: string
  width: number
  height: number
  /** `srcset` values per format, for `<picture><source type="image/avif">` and WebP. */
  srcset: { avif: string; webp: string }
}

/**
 * The most pixels one side of an image the media store serves may have: WebP holds at most 16383
 * a side (and the AVIF encoder no more), so a taller size is encoded at this height.
 */
export const MAX_IMAGE_SIDE = 16_383

/** The widths the media store resizes an image to (never wider than the image itself). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const

/** What a page's data carries of an image: its addresses are derived by `imageSources`. */
export type PageImage = Pick<ImageJson, 'id' | 'alt' | 'width' | 'height'>

/** An API image as a page's data carries it. */
export function toPageImage({ id, alt, width, height }: PageImage): PageImage {
  return { id, alt, width, height }
}

/** The same for an image a record may lack (a product without pictures, a post without one). */
export function toOptionalPageImage(image: PageImage | null | undefined): PageImage | null {
  return image ? toPageImage(image) : null
}

/** An image's addresses: the WebP at 960 px (or its widest below that) and each format's srcset. */
export function imageSources(image: Pick<ImageJson, 'id' | 'width'>): Pick<ImageJson, 'src' | 'srcset'> {
  const widths = IMAGE_WIDTHS.filter((w) => w <= image.width)
  const list = (format: string) => widths.map((w) => `/media/${image.id}/${w}.${format} ${w}w`).join(', ')
  const srcWidth = widths.includes(960) ? 960 : (widths.at(-1) ?? IMAGE_WIDTHS[0])
  return { src: `/media/${image.id}/${srcWidth}.webp`, srcset: { avif: list('avif'), webp: list('webp') } }
}
