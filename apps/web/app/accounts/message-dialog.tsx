/**
 * A small alert dialog for a message from the server (spec 8: registration fails → a dialog with
 * the message the server returned). Focus moves to its button; Escape or the button closes it,
 * and focus goes back to what sent the form. Until the page's code runs (a form sent without
 * JavaScript), the message is an alert in the page: a dialog's portal is drawn only in the
 * browser, so the server's answer was sent but never shown.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { useHydrated } from '../site/use-hydrated.tsx'
import { useReturnFocus } from '../site/use-return-focus.ts'

export function MessageDialog(props: { title: string; message: string | null; onClose(): void }) {
  const open = props.message !== null
  const returnFocus = useReturnFocus(open)
  const hydrated = useHydrated()
  if (!hydrated) {
    return open ? (
      <div className="message-notice" role="alert">
        <p className="message-dialog__title">{props.title}</p>
        <p className="message-dialog__message">{props.message}</p>
      </div>
    ) : null
  }
  return (
    <Dialog.Root open={open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="message-dialog__backdrop" />
        <Dialog.Content className="message-dialog" role="alertdialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="message-dialog__title">{props.title}</Dialog.Title>
          <Dialog.Description className="message-dialog__message">{props.message}</Dialog.Description>
          <Dialog.Close className="button">Okay!</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
