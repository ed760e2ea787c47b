/** An order's delivery address as a block of lines. */
import type { AddressJson } from '@fanshop/core'

export function OrderAddress({ address }: { address: AddressJson | null }) {
  if (!address) return null
  const lines = [
    address.full_name,
    address.address1,
    address.address2,
    `${address.zipcode} ${address.city}`,
    address.state?.name ?? '',
    address.country?.name ?? '',
    address.phone,
  ].filter((line) => line.trim() !== '')
  return (
    <address className="order-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  )
}
