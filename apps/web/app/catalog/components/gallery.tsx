/** The gallery below a product (spec 2): every image large, loaded lazily as the shopper scrolls. */
import type { PageImage } from '@fanshop/core'
import { ResponsiveImage } from '../../media/responsive-image.tsx'

export function Gallery(props: { images: PageImage[] }) {
  if (props.images.length === 0) return null
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="gallery__title">
        Gallery
      </h2>
      <ul className="gallery__grid">
        {props.images.map((image) => (
          <li key={image.id}>
            <ResponsiveImage
              image={image}
              sizes="(max-width: 767px) 100vw, 50vw"
              className="gallery__image"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
