/**
 * The interactive cursor (spec 1): a ring that follows the mouse and grows over things that can be
 * clicked. Only for a hovering fine pointer and never under reduced motion; the system cursor
 * stays, so nothing depends on the ring.
 */
import { useEffect, useRef } from 'react'
import { FINE_POINTER, REDUCED_MOTION, useMediaQuery } from './use-browser.ts'

const INTERACTIVE = 'a[href], button, [role="button"], input, select, textarea, label, summary'

export function Cursor() {
  const finePointer = useMediaQuery(FINE_POINTER)
  const reducedMotion = useMediaQuery(REDUCED_MOTION)
  const enabled = finePointer && !reducedMotion
  const ring = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = ring.current
    if (!enabled || !element) return
    let frame = 0
    const move = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        element.style.transform = `translate3d(${event.clientX}px, ${event.clientY}px, 0)`
        element.dataset.visible = 'true'
        const target = event.target instanceof Element ? event.target : null
        element.classList.toggle('cursor--active', Boolean(target?.closest(INTERACTIVE)))
      })
    }
    const hide = () => {
      element.dataset.visible = 'false'
    }
    window.addEventListener('pointermove', move, { passive: true })
    document.documentElement.addEventListener('pointerleave', hide)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('pointermove', move)
      document.documentElement.removeEventListener('pointerleave', hide)
    }
  }, [enabled])

  if (!enabled) return null
  return <div ref={ring} className="cursor" data-visible="false" aria-hidden="true" />
}
