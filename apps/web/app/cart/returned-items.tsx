/**
 * What went back to the shelves since the cart's last change, as the API lists it on the cart: the
 * units of a hold that ran out (spec: after 1 hour the items return to the shelves), and those a
 * login's merge gave back over the per-fan cap, so any device the fan opens the bag on says so.
 */
import { CAPPED_AT_LOGIN_TITLE, type ReturnedItemJson } from '@fanshop/core'

function ReturnedNotice({ title, items }: { title: string; items: ReturnedItemJson[] }) {
  return (
    <div className="returned-items" role="status">
      <p className="returned-items__title">{title}</p>
      <ul>
        {items.map((item) => (
          <li key={item.variant_id}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function ReturnedItems({
  expired,
  capped,
}: {
  expired: ReturnedItemJson[]
  capped: ReturnedItemJson[]
}) {
  return (
    <>
      {expired.length > 0 ? (
        <ReturnedNotice
          title="Your bag was kept for 1 hour. These items went back to the shelves:"
          items={expired}
        />
      ) : null}
      {capped.length > 0 ? <ReturnedNotice title={CAPPED_AT_LOGIN_TITLE} items={capped} /> : null}
    </>
  )
}
