/**
 * One line of the bag as the side panel and /cart both list it: the picture, the product's name
 * linking to its page, the chosen options, the price, and the quantity controls; /cart adds the
 * unit price and, below, its question before a removal.
 */
import { Link } from 'react-router'
import { ResponsiveImage } from '../media/responsive-image.tsx'
import type { CartLine } from './cart.server.ts'
import { QuantityControls } from './quantity-controls.tsx'

export function CartLineItem({
  line,
  imageSizes,
  unitPrice = false,
  children,
}: {
  line: CartLine
  /** The picture's width on the page, as `sizes` says it. */
  imageSizes: string
  /** Whether the price of one unit shows beside the line's amount. */
  unitPrice?: boolean
  /** What follows the quantity controls. */
  children?: React.ReactNode
}) {
  return (
    <li className="cart-line">
      <div className="cart-line__image">
        {line.image ? <ResponsiveImage image={line.image} sizes={imageSizes} alt="" /> : null}
      </div>
      <div className="cart-line__text">
        <Link to={`/product/${line.slug}`} className="cart-line__name">
          {line.name}
        </Link>
        {line.options ? <span className="cart-line__options">{line.options}</span> : null}
        {unitPrice ? <span className="cart-line__unit">{line.displayPrice} each</span> : null}
        <span className="cart-line__price">{line.displayAmount}</span>
      </div>
      <QuantityControls line={line} />
      {children}
    </li>
  )
}
