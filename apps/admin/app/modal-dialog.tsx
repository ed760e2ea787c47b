/**
 * The back office's modal dialog, opened and closed by its owner's state: the browser's own
 * `<dialog>` (docs/decisions/0012), so the page behind is inert, focus stays inside and goes back
 * where it was, and Escape closes it (reported through onOpenChange).
 */
import { type ReactNode, useEffect, useRef } from 'react'

export function ModalDialog({
  title,
  open,
  onOpenChange,
  children,
}: {
  title: string
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  const titleId = `${title.replace(/\W+/g, '-').toLowerCase()}-title`
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => onOpenChange(false)} className="card">
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  )
}

/** A modal dialog opened by a button of its own, with a Close button after its content. */
export function ConfirmDialog({
  opener,
  title,
  open,
  onOpenChange,
  children,
}: {
  opener: string
  title: string
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <>
      <button type="button" onClick={() => onOpenChange(true)}>
        {opener}
      </button>
      <ModalDialog title={title} open={open} onOpenChange={onOpenChange}>
        {children}
        <button type="button" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </ModalDialog>
    </>
  )
}
