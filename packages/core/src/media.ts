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
