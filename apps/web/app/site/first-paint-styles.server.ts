/**
 * Issue 15: the first paint waits for nothing but the HTML. The stylesheets a page links in its
 * head (<Links>: global styles, then its routes') arrive in the HTML instead, each as a
 * <style data-href> followed by its link, kept for hydration yet disabled: never fetched, never
 * blocking. React hydrates the links and passes over the styles; first-paint-styles.ts drops a
 * style when its link leaves, as leaving a page used to drop its stylesheet. Inline styles need
 * no nonce: the Content-Security-Policy allows them (style-src 'unsafe-inline', apps/api).
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

/**
 * The whole document, as bytes (entry.server.tsx), its head (everything up to </head>) rewritten
 * by inlineStylesheets; only the head becomes text.
 */
export function withInlineStylesheets(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = document.indexOf('</head>')
  if (end === -1) return document
  return Buffer.concat([
    Buffer.from(inlineStylesheets(document.toString('utf8', 0, end))),
    document.subarray(end),
  ])
}
