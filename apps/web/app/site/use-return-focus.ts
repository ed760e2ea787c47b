/**
 * Where focus goes when a Radix dialog without a Dialog.Trigger closes: back to what had it when
 * the dialog opened (the button whose press or answer opened it), or, for a dialog that opened
 * with nothing focused (the answer to an add posted before the page's scripts ran), to the page's
 * heading. Radix gives focus back to the Trigger only, so with none it fell to the page's body and
 * a keyboard started over from the top.
 */
import { useLayoutEffect, useRef } from 'react'
import { focusArrivalHeading } from './frame-effects.ts'

/** The dialog's `onCloseAutoFocus`, for a dialog open while `open` is true. */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect runs before Radix moves focus into the dialog.
  useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [open])
  return (event) => {
    const target = opener.current
    opener.current = null
    if (target?.isConnected) {
      event.preventDefault()
      target.focus()
    } else if (focusArrivalHeading()) event.preventDefault()
  }
}
