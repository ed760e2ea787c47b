/**
 * A record's form warns before its changes are lost: a move elsewhere in the back office asks
 * "Leave without saving?" (Stay, the default, or Leave), and closing or reloading the tab gets the
 * browser's own warning. A form has changes when what it would send differs from what it held when
 * the page's data last arrived (on opening, and again after a save), so typing a value back as it
 * was is no change. The form's own submission is never held up.
 */
import { useEffect, useRef, useState } from 'react'
import { useBlocker, useLoaderData } from 'react-router'
import { ModalDialog } from './modal-dialog'

/** What the form would send, as one comparable text (a file by its name and size). */
function contentOf(form: HTMLFormElement): string {
  return JSON.stringify(
    [...new FormData(form)].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `${value.name}:${value.size}`,
    ]),
  )
}

function useFormChanged(formId: string): boolean {
  const data = useLoaderData()
  const [changed, setChanged] = useState(false)
  const saved = useRef('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page's data arrives
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    // Taken once the page shows the data (a new copy after a save): what the form holds unchanged.
    saved.current = contentOf(form)
    setChanged(false)
    let pending = 0
    // On the next task: widgets that keep their value in a hidden field (the rich-text editor)
    // write it after the event that changed it.
    const check = () => {
      clearTimeout(pending)
      pending = window.setTimeout(() => setChanged(contentOf(form) !== saved.current))
    }
    form.addEventListener('input', check)
    form.addEventListener('change', check)
    return () => {
      clearTimeout(pending)
      form.removeEventListener('input', check)
      form.removeEventListener('change', check)
    }
  }, [formId, data])
  return changed
}

export function UnsavedChanges({ formId }: { formId: string }) {
  const changed = useFormChanged(formId)
  // The form posts to its own page; only a move to another page loses what was typed.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && nextLocation.pathname !== currentLocation.pathname,
  )
  useEffect(() => {
    if (!changed) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [changed])
  const open = blocker.state === 'blocked'
  return (
    <ModalDialog
      title="Leave without saving?"
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === 'blocked') blocker.reset()
      }}
    >
      <p>Your changes to this page will be lost.</p>
      {/* Stay comes first, so the dialog opens with focus on it. */}
      <div className="inline">
        <button type="button" onClick={() => blocker.reset?.()}>
          Stay
        </button>
        <button type="button" className="danger" onClick={() => blocker.proceed?.()}>
          Leave
        </button>
      </div>
    </ModalDialog>
  )
}
