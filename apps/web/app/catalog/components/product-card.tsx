/** One box of the shop's product grid (spec 9: 475 px high): image, name, price, sold-out and sale marks. */
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { ProductCardData } from '../catalog.server.ts'
import { Price } from './price.tsx'

/** Columns of the grid: 2 on phones, 3 from 768 px, 4 from 1200 px, 5 from 1600 px. */
const GRID_IMAGE_SIZES = '(max-width: 767px) 50vw, (max-width: 1199px) 33vw, (max-width: 1599px) 25vw, 20vw'

export function ProductCard({ product, priority }: { product: ProductCardData; priority: boolean }) {
  const { image, soldOut } = product
  return (
    <li className="product-card">
      <Link to={product.permalink} className="product-card__link" prefetch="intent">
        <div className="product-card__image">
          {image ? (
            <ResponsiveImage
              image={image}
              sizes={GRID_IMAGE_SIZES}
              priority={priority}
              className="product-card__img"
            />
          ) : null}
          {soldOut ? (
            <span className="badge badge--soldout">Sold out</span>
          ) : product.onSale ? (
            <span className="badge badge--sale">Sale</span>
          ) : null}
        </div>
        <h2 className="product-card__name">{product.name}</h2>
        <Price
          className="product-card__price"
          price={product.price}
          regularPrice={product.regularPrice}
          onSale={product.onSale}
          from={product.priceRange}
        />
      </Link>
    </li>
  )
}
