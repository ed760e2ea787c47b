/**
 * A keyboard keeps its place in the back office while a request is on its way. A button that
 * cannot act for now (the page busy sending, or nothing to act on: no row selected, the first
 * row's Move up) says so with aria-disabled and ignores a press, but stays focusable: a disabled
 * button drops the keyboard's focus to the page's body, so a keyboard or screen-reader user lost
 * their place after every save. And where the answer's redraw takes the focused element away (a
 * saved row drawn afresh, a removed item), the focus is given back once the request is done: a
 * row's control gone with its row (a list's Delete) hands it to the next row's. A redraw of the
 * page's own (a form's row removed) gives it back the same way.
 */
import { type ComponentProps, useEffect, useRef } from 'react'

/**
 * A button that ignores a press while `unavailable`. The press is cancelled at its click, which a
 * mouse, Enter or Space on the button and Enter in one of its form's fields (the browser presses
 * the form's first submit button then) all make, so no form is sent and no handler runs. The router
 * draws a form's 'submitting' state before the next click is handled (entry.client.tsx), so a
 * second click in the same instant (a double click) finds the button unavailable too.
 */
export function GuardedButton({
  type,
  unavailable,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'disabled' | 'aria-disabled'> & {
  type: 'button' | 'submit'
  unavailable: boolean
}) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={unavailable}
      onClick={(event) => {
        if (unavailable) event.preventDefault()
        else onClick?.(event)
      }}
    />
  )
}

/**
 * After a redraw, if it took the focused element away (focus fell to the page's body): focuses the
 * element of `id` (the one drawn afresh, or what takes a removed one's place), else `fallback`'s.
 */
export function giveFocusBack(id: string, fallback?: () => HTMLElement | null): void {
  const active = document.activeElement
  if (active && active !== document.body && active.isConnected) return
  ;(document.getElementById(id) ?? fallback?.())?.focus()
}

/** The attribute that marks a row's control of one kind for useFocusKept (rowControl). */
const ROW_CONTROL = 'data-row-control'

/**
 * Marks a row's control of a kind (each row's Delete, each row's End now): where a request takes
 * the focused one away (its row deleted, or its row with no use for it now), the focus goes to the
 * same control of the next row that has one, else of the row above (useFocusKept).
 */
export const rowControl = (kind: string) => ({ [ROW_CONTROL]: kind })

/**
 * The focused element's id and, for a row's control, the ids of what stands in for it if it goes:
 * its kind's controls after it, then those before it, nearest first. Read as a request begins,
 * while the rows are all there.
 */
function focusedNow(): { id: string; standIns: string[] } | null {
  const active = document.activeElement
  if (!active?.id) return null
  const kind = active.getAttribute(ROW_CONTROL)
  if (!kind) return { id: active.id, standIns: [] }
  const ids = [...document.querySelectorAll(`[${ROW_CONTROL}="${CSS.escape(kind)}"]`)].map(({ id }) => id)
  const at = ids.indexOf(active.id)
  return { id: active.id, standIns: [...ids.slice(at + 1), ...ids.slice(0, at).reverse()] }
}

/**
 * Puts focus back where it was when `busy` began, by the element's id, if the request's redraw took
 * that element away (giveFocusBack): the element of that id drawn afresh, else, for a row's control
 * (rowControl), the same control of the next row, else of the row above, else `fallback` (what
 * stands in for something removed).
 */
export function useFocusKept(busy: boolean, fallback?: () => HTMLElement | null): void {
  const focused = useRef<{ id: string; standIns: string[] } | null>(null)
  const latestFallback = useRef(fallback)
  latestFallback.current = fallback
  useEffect(() => {
    if (busy) {
      focused.current = focusedNow()
      return
    }
    const was = focused.current
    focused.current = null
    if (was === null) return
    giveFocusBack(
      was.id,
      () =>
        was.standIns.map((id) => document.getElementById(id)).find((standIn) => standIn !== null) ??
        latestFallback.current?.() ??
        null,
    )
  }, [busy])
}
