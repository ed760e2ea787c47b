/** What an expired hold put back on the shelves (spec: after 1 hour the items return to the shelves). */
import type { ExpiredItemJson } from '@fanshop/core'

export function ExpiredItems({ items }: { items: ExpiredItemJson[] }) {
  return (
    <div className="expired-items" role="status">
      <p className="expired-items__title">
        Your bag was kept for 1 hour. These items went back to the shelves:
      </p>
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
