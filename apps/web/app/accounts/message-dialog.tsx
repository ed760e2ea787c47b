/**
 * A small alert dialog for a message from the server (spec 8: registration fails → a dialog with
 * the message the server returned). Focus moves to its button; Escape or the button closes it,
 * and focus goes back to what sent the form.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { useReturnFocus } from '../site/use-return-focus.ts'

export function MessageDialog(props: { title: string; message: string | null; onClose(): void }) {
  const open = props.message !== null
  const returnFocus = useReturnFocus(open)
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
