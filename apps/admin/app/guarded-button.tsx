/**
 * A keyboard keeps its place in the back office while a request is on its way. A button that
 * cannot act for now (the page busy sending, or nothing to act on: no row selected, the first
 * row's Move up) says so with aria-disabled and ignores a press, but stays focusable: a disabled
 * button drops the keyboard's focus to the page's body, so a keyboard or screen-reader user lost
 * their place after every save. And where the answer's redraw takes the focused element away (a
 * saved row drawn afresh, a removed item), the focus is given back once the request is done; a
 * redraw of the page's own (a form's row removed) gives it back the same way.
 */
import { type ComponentProps, useEffect, useRef } from 'react'

/**
 * A button that ignores a press while `unavailable`. The press is cancelled at its click, which a
 * mouse, Enter or Space on the button and Enter in one of its form's fields (the browser presses
 * the form's first submit button then) all make, so no form is sent and no handler runs.
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

/**
 * Puts focus back where it was when `busy` began, by the element's id, if the request's redraw took
 * that element away (giveFocusBack): the element of that id drawn afresh, else `fallback` (what
 * stands in for something removed).
 */
export function useFocusKept(busy: boolean, fallback?: () => HTMLElement | null): void {
  const focusedId = useRef<string | null>(null)
  const latestFallback = useRef(fallback)
  latestFallback.current = fallback
  useEffect(() => {
    if (busy) {
      focusedId.current = document.activeElement?.id || null
      return
    }
    const id = focusedId.current
    focusedId.current = null
    if (id !== null) giveFocusBack(id, latestFallback.current)
  }, [busy])
}
