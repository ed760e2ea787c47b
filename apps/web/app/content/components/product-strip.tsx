/** "Shop the look": the catalogue products worn in a lookbook setup, each a link to its product page. */
import type { ProductJson } from '@fanshop/core'
import { Link } from 'react-router'
import { Price } from '../../catalog/components/price.tsx'
import { ResponsiveImage } from '../../media/responsive-image.tsx'

export function ProductStrip({ products, label }: { products: ProductJson[]; label: string }) {
  if (products.length === 0) return null
  return (
    <section className="product-strip" aria-label={label}>
      <h3 className="product-strip__title">Shop the look</h3>
      <ul className="product-strip__list">
        {products.map((product) => (
          <li key={product.id}>
            <Link to={`/product/${product.slug}`} className="product-strip__item" prefetch="intent">
              {product.images[0] ? (
                <ResponsiveImage image={product.images[0]} sizes="72px" className="product-strip__img" />
              ) : null}
              <span className="product-strip__name">{product.name}</span>
              <Price
                className="product-strip__price"
                price={product.price}
                regularPrice={product.regular_price}
                onSale={product.on_sale}
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
