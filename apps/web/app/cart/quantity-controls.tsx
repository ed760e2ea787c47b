/**
 * Minus and plus for a cart line (spec 4): plus raises by 1; minus lowers by 1, and at 1 asks
 * 'Do you want to remove product from cart?' and removes only on 'Yes, remove'. The change sent is
 * the current quantity plus the step. Failures open the spec 8 dialogs. Without JavaScript the
 * buttons post to /cart, which asks its question on the page.
 */
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from '../site/use-hydrated.tsx'
import type { CartActionResult, CartLine } from './cart.server.ts'
import { CartMessageDialog, ConfirmRemoveDialog } from './cart-dialogs.tsx'

export function QuantityControls({ line }: { line: CartLine }) {
  const fetcher = useFetcher<CartActionResult>()
  const hydrated = useHydrated()
  const [confirming, setConfirming] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const label = line.options ? `${line.name} (${line.options})` : line.name

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.error) setMessage(fetcher.data.error)
  }, [fetcher.state, fetcher.data])

  const pending = fetcher.formData?.get('quantity')
  const quantity = pending ? Number(pending) : line.quantity
  const busy = fetcher.state !== 'idle'

  return (
    <>
      <fetcher.Form
        method="post"
        action="/cart"
        className="quantity-controls"
        aria-label={`Quantity of ${label}`}
      >
        <input type="hidden" name="line_id" value={line.id} />
        {quantity <= 1 && hydrated ? (
          <button
            type="button"
            className="quantity-controls__step"
            aria-label={`Remove ${label}`}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            −
          </button>
        ) : (
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            className="quantity-controls__step"
            aria-label={`One less ${label}`}
            disabled={busy}
          >
            −
          </button>
        )}
        <output className="quantity-controls__value" aria-live="polite">
          {quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={quantity + 1}
          className="quantity-controls__step"
          aria-label={`One more ${label}`}
          disabled={busy}
        >
          +
        </button>
      </fetcher.Form>
      <ConfirmRemoveDialog
        open={confirming}
        productName={label}
        onAnswer={(remove) => {
          setConfirming(false)
          if (remove)
            void fetcher.submit({ intent: 'remove', line_id: line.id }, { method: 'post', action: '/cart' })
        }}
      />
      <CartMessageDialog message={message} onClose={() => setMessage(null)} />
    </>
  )
}
