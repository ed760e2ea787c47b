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

/**
 * Whether any of the page's forms (those `forms`, a CSS selector, matches) holds changes. Each form
 * is compared with what it held when it first appeared, or after its own last save; a row of a list
 * drawn anew after a save is a new form. Controls may sit outside their form (the `form`
 * attribute), so the page's input is listened to on the document.
 */
function useFormsChanged(forms: string): boolean {
  const data = useLoaderData()
  const navigation = useNavigation()
  const [changed, setChanged] = useState(false)
  const saved = useRef(new WeakMap<HTMLFormElement, string>())
  /** The form last submitted, and the one whose submission the page's next data answers (once it is sent). */
  const pending = useRef<HTMLFormElement | null>(null)
  const submitted = useRef<HTMLFormElement | null>(null)
  const check = useRef<() => boolean>(() => false)
  useEffect(() => {
    const shown = () => [...document.querySelectorAll<HTMLFormElement>(forms)]
    check.current = () => {
      const now = shown().some((form) => {
        if (!saved.current.has(form)) saved.current.set(form, contentOf(form))
        return contentOf(form) !== saved.current.get(form)
      })
      setChanged(now)
      return now
    }
    const onInput = () => check.current()
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.matches(forms))
        pending.current = event.target
    }
    // Closing or reloading the tab compares at that moment, however soon after the last keystroke.
    const warn = (event: BeforeUnloadEvent) => {
      if (check.current()) event.preventDefault()
    }
    document.addEventListener('input', onInput)
    document.addEventListener('change', onInput)
    document.addEventListener('submit', onSubmit, true)
    window.addEventListener('beforeunload', warn)
    return () => {
      document.removeEventListener('input', onInput)
      document.removeEventListener('change', onInput)
      document.removeEventListener('submit', onSubmit, true)
      window.removeEventListener('beforeunload', warn)
    }
  }, [forms])
  // A save's new data makes what its form holds the saved state; data loaded again for another
  // reason (a term added beside the form) leaves the changes typed before it as changes. Forms
  // drawn for the first time (after every render) are taken as they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's data arrives
  useEffect(() => {
    if (submitted.current) saved.current.delete(submitted.current)
    submitted.current = null
  }, [data])
  // A submission its form's own checks stopped is never sent: only one that is counts.
  useEffect(() => {
    if (navigation.state === 'submitting') submitted.current = pending.current
    if (navigation.state === 'idle') pending.current = submitted.current = null
  }, [navigation.state])
  useEffect(() => {
    check.current()
  })
  return changed
}

/** Asks before a move loses the changes of the page's forms that `forms` (a CSS selector) matches. */
export function UnsavedChanges({ forms }: { forms: string }) {
  const changed = useFormsChanged(forms)
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
