/**
 * A record's form warns before its changes are lost: a move elsewhere in the back office asks
 * "Leave without saving?" (Stay, the default, or Leave), and closing or reloading the tab gets the
 * browser's own warning. A form has changes when what it would send differs from what it held on
 * opening or after its last save, so typing a value back as it was is no change. The form's own
 * submission is never held up.
 */
import { useEffect, useRef, useState } from 'react'
import { useBlocker, useLoaderData, useNavigation } from 'react-router'
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
  const navigation = useNavigation()
  const [changed, setChanged] = useState(false)
  const saved = useRef('')
  const markSaved = useRef(() => {})
  /** Whether the page's data, when it next arrives, answers a submission (a save) of the page. */
  const afterSubmission = useRef(false)
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    saved.current = contentOf(form)
    setChanged(false)
    const check = () => setChanged(contentOf(form) !== saved.current)
    markSaved.current = () => {
      saved.current = contentOf(form)
      setChanged(false)
    }
    // Closing or reloading the tab compares at that moment, however soon after the last keystroke.
    const warn = (event: BeforeUnloadEvent) => {
      if (contentOf(form) !== saved.current) event.preventDefault()
    }
    form.addEventListener('input', check)
    form.addEventListener('change', check)
    window.addEventListener('beforeunload', warn)
    return () => {
      form.removeEventListener('input', check)
      form.removeEventListener('change', check)
      window.removeEventListener('beforeunload', warn)
    }
  }, [formId])
  // A save's new data makes what the form holds the saved state; data loaded again for another
  // reason (a term added beside the form) leaves the changes typed before it as changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's data arrives
  useEffect(() => {
    if (afterSubmission.current) markSaved.current()
  }, [data])
  useEffect(() => {
    if (navigation.state === 'submitting') afterSubmission.current = true
    if (navigation.state === 'idle') afterSubmission.current = false
  }, [navigation.state])
  return changed
}

export function UnsavedChanges({ formId }: { formId: string }) {
  const changed = useFormChanged(formId)
  // The form posts to its own page; only a move to another page loses what was typed.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && nextLocation.pathname !== currentLocation.pathname,
  )
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
