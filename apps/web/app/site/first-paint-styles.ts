/**
 * The browser's half of first-paint-styles.server.ts: a page's first styles came inline, each
 * beside the disabled link React hydrated. When the router removes a link (its page left), the
 * style that stood for it goes too, as the stylesheet itself would have. Returns the stop.
 */
export function dropStylesWithTheirLinks(): () => void {
  const head = document.head
  const observer = new MutationObserver(() => {
    const linked = new Set(
      [...head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')),
    )
    for (const style of head.querySelectorAll<HTMLStyleElement>('style[data-href]'))
      if (!linked.has(style.dataset.href ?? null)) style.remove()
  })
  observer.observe(head, { childList: true })
  return () => observer.disconnect()
}
