/**
 * Issue 15: the first paint waits for nothing but the HTML. The stylesheets a page links in its
 * head (<Links>: global styles, then its routes') arrive in the HTML instead, each as a
 * <style data-href> followed by its link, kept for hydration yet disabled: never fetched, never
 * blocking. React hydrates the links and passes over the styles; first-paint-styles.ts drops a
 * style when its link leaves, as leaving a page used to drop its stylesheet. Inline styles need
 * no nonce: the Content-Security-Policy allows them (style-src 'unsafe-inline', apps/api).
 * The page's module preloads are asked for at low priority: fetched beside the HTML still, but
 * after the first image, so that the first paint does not wait for the page's code (Lighthouse's
 * simulation counts a high-priority script as blocking it; docs/performance-log.md, issue 15).
 */

import builtStylesheets from 'virtual:fanshop/stylesheets'

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g

/** `head` with each stylesheet link of the build preceded by its text and disabled. */
export function inlineStylesheets(head: string, sheets: Record<string, string> = builtStylesheets): string {
  return head.replace(STYLESHEET_LINK, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1]
    // React Router marks a stylesheet that a lazily loaded part also imports with a trailing '#'.
    const css = href ? sheets[href.replace(/#$/, '')] : undefined
    if (css === undefined) return link
    return `<style data-href="${href}">${css}</style>${link.replace(/\s*\/?>$/, ' disabled/>')}`
  })
}

const MODULE_PRELOAD = /<link\b(?![^>]*\bfetchpriority=)([^>]*\brel="modulepreload"[^>]*?)\s*(\/?)>/gi

/** `head` with each module preload asked for at low priority (one that names a priority keeps it). */
export function lowPriorityModulePreloads(head: string): string {
  return head.replace(
    MODULE_PRELOAD,
    (_link, attributes: string, slash: string) => `<link${attributes} fetchpriority="low"${slash}>`,
  )
}

/**
 * The whole document, its head (everything up to </head>) rewritten by inlineStylesheets and
 * lowPriorityModulePreloads.
 */
export function withInlineStylesheets(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = document.indexOf('</head>')
  if (end === -1) return document
  const head = lowPriorityModulePreloads(inlineStylesheets(document.toString('utf8', 0, end)))
  return Buffer.concat([Buffer.from(head), document.subarray(end)])
}
