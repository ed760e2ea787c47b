/**
 * Issue 15: a page's code starts downloading once its first screen has painted. React Router's
 * <Scripts> puts a module preload for every script of the first load (about 105 KB of brotli) and
 * the module that starts hydration at the end of the page, so the browser asks for them as soon as
 * it reads the HTML, and on a phone's connection they share it with the first screen's pictures:
 * the largest one waited for the whole first load's code (Lighthouse's LCP 2.0–2.4 s, the picture
 * itself 3–5 KB; docs/performance-log.md, "The first load's code after the first screen").
 *
 * Here the module is kept inert (`type="x-after-paint"`: a type no browser runs) and a small
 * inline script inserts it once the first screen's pictures (those media/responsive-image.tsx
 * marks for Element Timing) that are on screen have painted, or after FALLBACK_MS whatever
 * happens. Until then the page is the server's HTML, whose links and forms work without
 * JavaScript (spec 9), as they do before hydration anyway. The preloads go into the module as
 * `import` statements: the browser asks for all of them at once when it reads the module, and runs
 * each once, before the route modules that import it, as it would anyway; turning ten inert
 * preloads back into `modulepreload` links cost Chrome 1–3 ms each on one task (37 ms at 4x CPU
 * throttling on a slow machine, half of it gone this way; docs/performance-log.md). Only the
 * browser entry stays a preload (`rel="x-after-paint"`, a relation no browser fetches, turned
 * back by the starter), since the module imports it with `import()` once the route modules have
 * run (React DOM's start in a task of its own, ADR 0013) and an `import` would run it with them.
 * The CSP allows the module by the page's nonce, or by its hash on a page from the shared page
 * cache (apps/api/src/http/page-cache.ts hashes every inline script of the finished page).
 */

import { FIRST_SCREEN_TIMING } from '../media/first-screen.ts'

/** The link relation and script type that keep the first load's code waiting. */
export const AFTER_PAINT = 'x-after-paint'

/** At the latest this long after the page's HTML is read, the code starts downloading. */
const FALLBACK_MS = 3_000

const MODULE_PRELOAD = '<link rel="modulepreload"'
const ROUTER_MODULE = ' type="module" async="">'
const SCRIPT_END = '</script>'
const BODY_END = '</body>'

/**
 * Runs in the page (inlined, so self-contained): starts the entry's preload and the router's
 * module once the first screen's pictures on screen have painted, or after `fallbackMs`. They are
 * the pictures whose `elementtiming` is `timing`, and their paint is read from the Element Timing
 * API; a browser without it starts once they are decoded and a frame has passed. A first screen
 * without such a picture (search, the cart, a form) starts once it has painted (Paint Timing's
 * first contentful paint, or a frame where the browser has no such entry). It used to start at
 * once, while the page was still being read, and its code then shared the phone's connection and
 * CPU with the first paint (Lighthouse's FCP 1.2–1.6 s on /search against 0.8 s on home).
 */
function startAfterPaint(inert: string, fallbackMs: number, timing: string) {
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>(`link[rel="${inert}"]`))) {
      link.rel = 'modulepreload'
    }
    const waiting = document.querySelector<HTMLScriptElement>(`script[type="${inert}"]`)
    if (!waiting) return
    // The same element as the server sent but for its type (a script's type is read once, when it
    // is inserted), so that hydration finds what it expects.
    const script = document.createElement('script')
    for (const { name, value } of Array.from(waiting.attributes)) script.setAttribute(name, value)
    script.type = 'module'
    script.nonce = waiting.nonce ?? ''
    script.textContent = waiting.textContent
    waiting.replaceWith(script)
  }
  setTimeout(start, fallbackMs)
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0))
  const afterFirstPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterNextFrame()
    const paints = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      paints.disconnect()
      start()
    })
    paints.observe({ type: 'paint', buffered: true })
  }
  const pictures = Array.from(document.querySelectorAll<HTMLImageElement>(`img[elementtiming="${timing}"]`))
  const decoded = Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)))
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) {
    decoded.then(afterNextFrame)
    return
  }
  const painted = new Set<Element | null>()
  let allDecoded = false
  const onScreen = (picture: HTMLImageElement) => {
    const box = picture.getBoundingClientRect()
    return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth
  }
  const check = () => {
    if (!allDecoded) return
    const shown = pictures.filter(onScreen)
    if (!shown.every((picture) => painted.has(picture))) return
    observer.disconnect()
    // A picture's paint is a paint of the page; a first screen without one waits for its own.
    if (shown.length > 0) start()
    else afterFirstPaint()
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { element: Element | null }[]) {
      painted.add(entry.element)
    }
    check()
  })
  observer.observe({ type: 'element', buffered: true })
  decoded.then(() => {
    allDecoded = true
    check()
  })
}

const STARTER = `(${startAfterPaint})(${[AFTER_PAINT, FALLBACK_MS, FIRST_SCREEN_TIMING].map((argument) => JSON.stringify(argument)).join(',')})`
const INERT_MODULE = Buffer.from(` type="${AFTER_PAINT}" async="">`)
const INERT_PRELOAD = Buffer.from(`<link rel="${AFTER_PAINT}"`)

/**
 * The finished document, as bytes (entry.server.tsx), with its router's module made inert and
 * given the first load's module preloads as imports (the entry's kept as an inert preload), and
 * the script that starts them after the first paint at the end of the body. A document without
 * the router's module (an error before React Router rendered) is left as it is; one whose module
 * names no entry to `import()` keeps every preload, inert, since none can then be told apart from
 * the entry. The marks are found in the bytes React wrote: a page's text and data are escaped in
 * the HTML (no `<` or bare `"` in them), so they can only be the router's own tags; each is ASCII,
 * so it starts and ends on a character's boundary, and only the module's text and the preloads'
 * tags are read as text.
 */
export function withScriptsAfterPaint(document: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  const module = document.indexOf(ROUTER_MODULE)
  if (module === -1) return document
  const text = module + ROUTER_MODULE.length
  const textEnd = document.indexOf(SCRIPT_END, text)
  const end = document.lastIndexOf(BODY_END)
  if (textEnd === -1 || end < textEnd) return document
  const moduleText = document.toString('utf8', text, textEnd)
  const entry = /\bimport\("([^"]+)"\)/.exec(moduleText)?.[1]
  const imported = new Set<string>()
  const parts: Buffer[] = []
  let from = 0
  for (
    let at = document.indexOf(MODULE_PRELOAD);
    at !== -1 && at < module;
    at = document.indexOf(MODULE_PRELOAD, from)
  ) {
    const tagEnd = document.indexOf('>', at) + 1
    if (tagEnd === 0) break
    const href = /\bhref="([^"]+)"/.exec(document.toString('utf8', at, tagEnd))?.[1]
    parts.push(document.subarray(from, at))
    if (href === undefined || entry === undefined || href === entry) {
      parts.push(INERT_PRELOAD, document.subarray(at + MODULE_PRELOAD.length, tagEnd))
    } else if (!moduleText.includes(`"${href}"`)) {
      imported.add(href)
    }
    from = tagEnd
  }
  const imports = [...imported].map((href) => `\nimport "${href}";`).join('')
  parts.push(
    document.subarray(from, module),
    INERT_MODULE,
    document.subarray(text, textEnd),
    Buffer.from(imports),
    document.subarray(textEnd, end),
    Buffer.from(`<script nonce="${nonce}">${STARTER}</script>`),
    document.subarray(end),
  )
  return Buffer.concat(parts)
}
