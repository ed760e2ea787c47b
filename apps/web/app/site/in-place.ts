/**
 * A control that leads somewhere (submits its form to a page) until the page's code runs, and
 * acts in place once it does: the header's buttons and the cookie bar's share this click handler.
 */
import type { MouseEvent } from 'react'

/** The button's own action instead of its form's. */
export function inPlace(action: () => void) {
  return (event: MouseEvent) => {
    event.preventDefault()
    action()
  }
}
