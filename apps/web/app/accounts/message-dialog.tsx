/**
 * A small alert dialog for a message from the server (spec 8: registration fails → a dialog with
 * the message the server returned). Focus moves to its button; Escape or the button closes it.
 */
import * as Dialog from '@radix-ui/react-dialog'

export function MessageDialog(props: { title: string; message: string | null; onClose(): void }) {
  return (
    <Dialog.Root open={props.message !== null} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="message-dialog__backdrop" />
        <Dialog.Content className="message-dialog" role="alertdialog">
          <Dialog.Title className="message-dialog__title">{props.title}</Dialog.Title>
          <Dialog.Description className="message-dialog__message">{props.message}</Dialog.Description>
          <Dialog.Close className="button">Okay!</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
