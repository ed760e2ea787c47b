/**
 * The cart's small dialogs (spec 4 and 8): the question before a product leaves the cart
 * ('Yes, remove' / 'No, leave in cart'), the failure messages closed with 'Okay!' (with, where
 * there is one, a way forward beside it), and the choice when more is asked than is left (add
 * what is left, or change the quantity). All are alert dialogs: focus moves in and stays, Escape
 * answers "no" or closes, focus then returns.
 */
import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useReturnFocus } from '../site/use-return-focus.ts'
import { CART_TEXT } from './texts.ts'
import './cart.css'

export function ConfirmRemoveDialog(props: {
  open: boolean
  productName: string
  onAnswer(remove: boolean): void
}) {
  const returnFocus = useReturnFocus(props.open)
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onAnswer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="cart-dialog__backdrop" />
        <Dialog.Content className="cart-dialog" role="alertdialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="cart-dialog__title">{CART_TEXT.confirmRemove}</Dialog.Title>
          <Dialog.Description className="cart-dialog__message">{props.productName}</Dialog.Description>
          <div className="cart-dialog__actions">
            <button type="button" className="button" onClick={() => props.onAnswer(true)}>
              {CART_TEXT.yesRemove}
            </button>
            <Dialog.Close className="button button--ghost">{CART_TEXT.noKeep}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export function CartMessageDialog(props: { message: string | null; onClose(): void; children?: ReactNode }) {
  const open = props.message !== null
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="cart-dialog__backdrop" />
        <Dialog.Content
          className="cart-dialog"
          role="alertdialog"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className="cart-dialog__title">{props.message}</Dialog.Title>
          <div className="cart-dialog__actions">
            {props.children}
            <Dialog.Close className="button">{CART_TEXT.okay}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * More was asked than may be added: says so in the spec’s words (or the limit's note) and lets
 * the fan add what may be added or go back to the quantity, which keeps what they typed.
 */
export function TooManyDialog(props: {
  open: boolean
  asked: number
  /** Units left. */
  stock: number
  /** Units that may be added: the stock, or less under the per-order limit or the per-fan cap. */
  allowed: number
  limitNote: string | null
  onAddAllowed(): void
  onChangeQuantity(): void
  /** Where focus goes once the dialog has closed (the quantity field). */
  focusAfter(): void
}) {
  const overStock = props.asked > props.stock
  const details = [
    `You asked for ${props.asked}.`,
    overStock ? `Only ${props.stock} left.` : null,
    props.allowed < props.stock ? props.limitNote : null,
  ]
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onChangeQuantity()}>
      <Dialog.Portal>
        <Dialog.Overlay className="cart-dialog__backdrop" />
        <Dialog.Content
          className="cart-dialog"
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            props.focusAfter()
          }}
        >
          <Dialog.Title className="cart-dialog__title">
            {overStock ? CART_TEXT.outOfStock : props.limitNote}
          </Dialog.Title>
          <Dialog.Description className="cart-dialog__message">
            {details.filter(Boolean).join(' ')}
          </Dialog.Description>
          <div className="cart-dialog__actions">
            <button type="button" className="button" onClick={props.onAddAllowed}>
              Add {props.allowed} to the bag
            </button>
            <Dialog.Close className="button button--ghost">Change quantity</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
