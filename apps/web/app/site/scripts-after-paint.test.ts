// The first load's code held until the first screen has painted: the HTML's module preloads and the
// router's module made inert, put back by the starter script (its behaviour in a browser:
// scripts-after-paint.e2e.ts); anything else left as it was.
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN_TIMING } from '../media/first-screen.ts'
import { AFTER_PAINT, withScriptsAfterPaint } from './scripts-after-paint.server.ts'

const PAGE = [
  `<!DOCTYPE html><html><head><title>t</title></head><body><main><img fetchpriority="high" elementtiming="${FIRST_SCREEN_TIMING}" src="/media/1/480.avif"/>`,
  // A text that names the marks comes escaped: it is left as it is.
  '<p>&lt;link rel=&quot;modulepreload&quot; and type=&quot;module&quot; async=&quot;&quot;&gt;</p></main>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>',
  '<script nonce="n">window.__reactRouterContext = {}</script>',
  '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('')

/** The starter script added to the page, its tags and nonce included. */
const STARTER = /<script nonce="n">\(function startAfterPaint[\s\S]*?<\/script>/

const rewrite = (html: string) => withScriptsAfterPaint(Buffer.from(html), 'n').toString('utf8')

describe('the first load after the first paint', () => {
  it("makes the module preloads and the router's module inert, their addresses, text and other attributes kept", () => {
    const html = rewrite(PAGE)
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).toContain(
      `<link rel="${AFTER_PAINT}" href="/assets/entry.client-1.js" nonce="n"/><link rel="${AFTER_PAINT}" href="/assets/root-1.js" nonce="n"/>`,
    )
    expect(html).toContain(
      `<script nonce="n" type="${AFTER_PAINT}" async="">import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");</script>`,
    )
    expect(html).not.toContain('type="module"')
    // The other inline scripts, the body's content and the document's end are untouched.
    expect(html).toContain('<script nonce="n">window.__reactRouterContext = {}</script>')
    // Nothing else changed: the starter taken out and the two marks turned back give the page.
    const restored = html
      .replace(STARTER, '')
      .replaceAll(`rel="${AFTER_PAINT}"`, 'rel="modulepreload"')
      .replace(`type="${AFTER_PAINT}"`, 'type="module"')
    expect(restored).toBe(PAGE)
    expect(html.endsWith('</body></html>')).toBe(true)
  })

  it('adds one starter, with this response’s nonce, as the last script of the body', () => {
    const html = rewrite(PAGE)
    expect(html.match(/function startAfterPaint/g)).toHaveLength(1)
    expect(html).toMatch(/<script nonce="n">\(function startAfterPaint[\s\S]*?<\/script><\/body><\/html>$/)
  })

  it('waits for the pictures marked for Element Timing as the first screen, and for 3 s at most', () => {
    expect(rewrite(PAGE)).toContain(`)("${AFTER_PAINT}",3000,"${FIRST_SCREEN_TIMING}")</script>`)
  })

  it('leaves a document without the router’s module as it is (an error page rendered before the router)', () => {
    const page = '<html><body><p>Sorry</p><link rel="modulepreload" href="/assets/x.js"/></body></html>'
    expect(rewrite(page)).toBe(page)
  })
})
