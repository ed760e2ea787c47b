/**
 * A side panel bound to the UI store: an accessible dialog (focus moves in and is trapped,
 * Escape closes, focus returns, a click outside closes all, except on the header, whose buttons
 * switch panels in one tap) built on Radix Dialog. The shared
 * dark overlay is drawn by the frame so that it can fade out after the panels (spec 4).
 */
import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { focusArrivalHeading } from './frame-effects.ts'
import { type Panel, useUi } from './ui-store.ts'

export function SidePanel(props: {
  panel: Panel
  title: ReactNode
  /** Visually hide the title (it still names the dialog for assistive technology). */
  hideTitle?: boolean
  /** Left or right edge, or a centred popup. */
  side?: 'left' | 'right' | 'center'
  className?: string
  children: ReactNode
}) {
  const isOpen = useUi((s) => s.open === props.panel)
  const closeAll = useUi((s) => s.closeAll)
  // The panels open from buttons outside Radix, so Radix has no trigger to give focus back to:
  // remember what had focus when the panel opened (before Radix moves it in) and return there.
  const returnFocus = useRef<HTMLElement | null>(null)
  // A panel closed by a page change (one of its links, a search suggestion) hands focus to the
  // new page's heading instead, as every other page change does.
  const { key } = useLocation()
  const pageNow = useRef(key)
  pageNow.current = key
  const pageAtOpen = useRef(key)
  useLayoutEffect(() => {
    if (!isOpen) return
    pageAtOpen.current = pageNow.current
    const opener = document.activeElement
    returnFocus.current = opener instanceof HTMLElement && opener !== document.body ? opener : null
  }, [isOpen])
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && closeAll()}>
      <Dialog.Portal>
        <Dialog.Content
          className={`side-panel side-panel--${props.side ?? 'right'} ${props.className ?? ''}`}
          aria-describedby={undefined}
          onPointerDownOutside={(event) => {
            if (event.target instanceof Element && event.target.closest('.site-header'))
              event.preventDefault()
          }}
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              // A form's hidden fields (the login's redirectTo, the filters' category) come first
              // in the markup but cannot take focus, which then stayed on the page behind.
              'input:not([type="hidden"]), select, textarea, button:not(.side-panel__close), a[href]',
            )
            if (first) {
              event.preventDefault()
              first.focus()
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current
            returnFocus.current = null
            if (pageNow.current !== pageAtOpen.current) {
              if (focusArrivalHeading()) event.preventDefault()
              return
            }
            // A panel nothing opened (the cart's, shown by the answer to an add posted before the
            // page's scripts ran) gives focus to its button in the header, else to the heading.
            const next = target?.isConnected ? target : headerTrigger(props.panel)
            if (next) {
              event.preventDefault()
              next.focus()
            } else if (focusArrivalHeading()) event.preventDefault()
          }}
        >
          <Dialog.Title className={props.hideTitle ? 'visually-hidden' : 'side-panel__title'}>
            {props.title}
          </Dialog.Title>
          <Dialog.Close className="side-panel__close" aria-label="Close">
            ×
          </Dialog.Close>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The header's button that opens `panel`, if the header has one. */
function headerTrigger(panel: Panel): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.site-header [data-panel-trigger="${panel}"]`)
}
