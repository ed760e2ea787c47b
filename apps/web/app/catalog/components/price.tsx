/**
 * A price as the shop shows it (spec 9: euro sign, 2 decimals). On sale: the regular price struck
 * through before the sale price, both named for screen readers. "From" when variations differ.
 */
import { formatEuro, toCents } from '@fanshop/core'

export const euro = (decimal: string) => formatEuro(toCents(decimal))

export function Price(props: {
  price: string
  regularPrice: string
  onSale: boolean
  from?: boolean
  className?: string
}) {
  const className = `price ${props.className ?? ''}`
  if (props.price === '') return null
  if (props.onSale && props.regularPrice !== props.price) {
    return (
      <p className={`${className} price--sale`}>
        {props.from ? <span className="price__from">From </span> : null}
        <span className="visually-hidden">Regular price </span>
        <del>{euro(props.regularPrice)}</del> <span className="visually-hidden">Sale price </span>
        <ins>{euro(props.price)}</ins>
      </p>
    )
  }
  return (
    <p className={className}>
      {props.from ? <span className="price__from">From </span> : null}
      {euro(props.price)}
    </p>
  )
}
