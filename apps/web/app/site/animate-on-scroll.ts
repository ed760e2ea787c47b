/**
 * Animate-on-scroll (spec 9: 600 ms, once, not on phones): elements marked `data-animate` that
 * start below the fold fade and rise into place the first time they scroll into view. Nothing is
 * hidden without JavaScript, on phones (below the md breakpoint token) or under reduced motion.
 * Any domain opts in by adding the attribute. Its setup (reading the breakpoint, which makes the
 * browser compute the styles hydration just changed, and marking the blocks) waits for the browser
 * to be idle: it is not part of hydration's task (issue 15, a phone's main thread after the first
 * paint). The duration is set on each waiting block, not on the document: a custom property set on
 * the root makes the browser restyle every element of the page (issue 15, hydration's effects).
 */
import { ANIMATE_ON_SCROLL_MS } from '@fanshop/core'
import { useEffect } from 'react'
import { breakpoint, REDUCED_MOTION } from './use-browser.ts'
import { whenIdle } from './when-idle.ts'

const PENDING = 'animate--pending'
const SHOWN = 'animate--in'
const IDLE_TIMEOUT_MS = 1000

export function useAnimateOnScroll(): void {
  useEffect(() => {
    let stop = () => {}
    const cancel = whenIdle(
      () => {
        stop = observeMarkedBlocks()
      },
      IDLE_TIMEOUT_MS,
      0,
    )
    return () => {
      cancel()
      stop()
    }
  }, [])
}

/** Marks the blocks below the fold, now and as pages add them; returns the stop. */
function observeMarkedBlocks(): () => void {
  const phone = window.innerWidth < breakpoint('md')
  if (phone || window.matchMedia(REDUCED_MOTION).matches || !('IntersectionObserver' in window))
    return () => {}

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      entry.target.classList.replace(PENDING, SHOWN)
      observer.unobserve(entry.target)
    }
  })
  const prepare = (root: ParentNode) => {
    for (const element of root.querySelectorAll<HTMLElement>(
      '[data-animate]:not(.animate--pending):not(.animate--in)',
    )) {
      if (element.getBoundingClientRect().top < window.innerHeight) {
        element.classList.add(SHOWN)
        continue
      }
      element.style.setProperty('--animate-duration', `${ANIMATE_ON_SCROLL_MS}ms`)
      element.classList.add(PENDING)
      observer.observe(element)
    }
  }
  prepare(document)
  let scheduled = 0
  const mutations = new MutationObserver(() => {
    cancelAnimationFrame(scheduled)
    scheduled = requestAnimationFrame(() => prepare(document))
  })
  mutations.observe(document.body, { childList: true, subtree: true })
  return () => {
    cancelAnimationFrame(scheduled)
    mutations.disconnect()
    observer.disconnect()
  }
}
