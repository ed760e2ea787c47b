/**
 * Minus and plus for a cart line (spec 4): plus raises by 1; minus lowers by 1, and at 1 asks
 * 'Do you want to remove product from cart?' and removes only on 'Yes, remove'. The change sent is
 * the current quantity plus the step. Failures open the spec 8 dialogs. Without JavaScript the
 * buttons post to /cart, which asks its question on the page. While a change is on its way the
 * buttons say they are unavailable and ignore presses, but stay focusable: a disabled button
 * drops the keyboard's focus to the page's body. At the line's most (the per-order limit or the
 * per-fan cap) plus is unavailable the same way, and the limit is said beside it; a limit lowered
 * under what the line holds is said as the checkout will refuse it.
 */
import { limitNote, limitRefusalMessage } from '@fanshop/core'
import { useEffect, useId, useState } from 'react'
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
  const full = quantity >= line.maxQuantity
  const noteId = useId()
  const note = !full
    ? null
    : quantity > line.maxQuantity
      ? limitRefusalMessage(line.limit)
      : limitNote(line.limit)

  return (
    <>
      <fetcher.Form
        method="post"
        action="/cart"
        className="quantity-controls"
        aria-label={`Quantity of ${label}`}
        onSubmit={(event) => {
          if (busy) event.preventDefault()
        }}
      >
        <input type="hidden" name="line_id" value={line.id} />
        {quantity <= 1 && hydrated ? (
          <button
            type="button"
            className="quantity-controls__step"
            aria-label={`Remove ${label}`}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) setConfirming(true)
            }}
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
            aria-disabled={busy}
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
          className={
            full ? 'quantity-controls__step quantity-controls__step--full' : 'quantity-controls__step'
          }
          aria-label={`One more ${label}`}
          aria-disabled={busy || full}
          aria-describedby={note ? noteId : undefined}
          onClick={(event) => {
            if (full) event.preventDefault()
          }}
        >
          +
        </button>
      </fetcher.Form>
      {note ? (
        <p id={noteId} className="quantity-controls__note">
          {note}
        </p>
      ) : null}
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
