/**
 * An image in responsive sizes: AVIF and WebP sources (derived from its id and width by core's
 * rule, so a page's data need not carry them), width and height set so the page never shifts,
 * lazy below the fold and eager (high priority) for the first visible image, which the head also
 * preloads (its AVIF source), so that it is fetched before the page's scripts, and marks for the
 * Element Timing API: the page's code waits for its paint (site/scripts-after-paint.server.ts).
 */
import { imageSources, type PageImage } from '@fanshop/core'
import { preload } from 'react-dom'
import { FIRST_SCREEN_TIMING } from './first-screen.ts'

export function ResponsiveImage(props: {
  image: PageImage
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string
  priority?: boolean
  className?: string
  alt?: string
}) {
  const { image } = props
  const { src, srcset } = imageSources(image)
  if (props.priority) {
    preload(src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcset.avif,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    })
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcset.avif} sizes={props.sizes} />
      <source type="image/webp" srcSet={srcset.webp} sizes={props.sizes} />
      <img
        src={src}
        alt={props.alt ?? image.alt}
        width={image.width}
        height={image.height}
        className={props.className}
        loading={props.priority ? 'eager' : 'lazy'}
        decoding={props.priority ? 'sync' : 'async'}
        fetchPriority={props.priority ? 'high' : 'auto'}
        elementtiming={props.priority ? FIRST_SCREEN_TIMING : undefined}
      />
    </picture>
  )
}
