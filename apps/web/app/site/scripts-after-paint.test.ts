// The first load's code held until the first screen has painted: the router's module made inert
// and given the module preloads as imports, the entry's preload kept inert, both put back by the
// starter script (its behaviour in a browser: scripts-after-paint.e2e.ts); anything else left as it was.
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN_TIMING } from '../media/first-screen.ts'
import { AFTER_PAINT, withScriptsAfterPaint } from './scripts-after-paint.server.ts'

const MODULE_TEXT = 'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");'

const PAGE = [
  `<!DOCTYPE html><html><head><title>t</title></head><body><main><img fetchpriority="high" elementtiming="${FIRST_SCREEN_TIMING}" src="/media/1/480.avif"/>`,
  // A text that names the marks comes escaped: it is left as it is.
  '<p>&lt;link rel=&quot;modulepreload&quot; and type=&quot;module&quot; async=&quot;&quot;&gt;</p></main>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/shell-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/card-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/shell-1.js" nonce="n"/>',
  '<script nonce="n">window.__reactRouterContext = {}</script>',
  `<script nonce="n" type="module" async="">${MODULE_TEXT}</script>`,
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('')

/** The starter script added to the page, its tags and nonce included. */
const STARTER = /<script nonce="n">\(function startAfterPaint[\s\S]*?<\/script>/

const rewrite = (html: string) => withScriptsAfterPaint(Buffer.from(html), 'n').toString()

describe('the first load after the first paint', () => {
  it("makes the router's module inert and gives it the preloads as imports, the entry's kept as an inert preload", () => {
    const html = rewrite(PAGE)
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toContain('type="module"')
    // The entry, which the module imports once the route modules have run, is fetched early but
    // not run with them; every other preload is imported once, in the order of the preloads.
    expect(html.replace(STARTER, '')).toBe(
      [
        PAGE.slice(0, PAGE.indexOf('<link rel="modulepreload"')),
        `<link rel="${AFTER_PAINT}" href="/assets/entry.client-1.js" nonce="n"/>`,
        '<script nonce="n">window.__reactRouterContext = {}</script>',
        `<script nonce="n" type="${AFTER_PAINT}" async="">${MODULE_TEXT}`,
        '\nimport "/assets/shell-1.js";\nimport "/assets/card-1.js";</script>',
        '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
      ].join(''),
    )
  })

  it('keeps every preload inert when the module names no entry to import afterwards', () => {
    const page = PAGE.replace('\nimport("/assets/entry.client-1.js");', '')
    const html = rewrite(page).replace(STARTER, '')
    expect(html.match(new RegExp(`<link rel="${AFTER_PAINT}"`, 'g'))).toHaveLength(5)
    expect(html).not.toContain('\nimport "')
  })

  it('adds one starter, with this response’s nonce, as the last script of the body', () => {
    const html = rewrite(PAGE)
    expect(html.match(/function startAfterPaint/g)).toHaveLength(1)
    expect(html).toMatch(/<script nonce="n">\(function startAfterPaint[\s\S]*?<\/script><\/body><\/html>$/)
  })

  it('waits for the pictures marked for Element Timing as the first screen, and for 3 s at most', () => {
    expect(rewrite(PAGE)).toContain(`)("${AFTER_PAINT}",3000,"${FIRST_SCREEN_TIMING}")</script>`)
  })

  it('finds its marks by their bytes in a page with characters of several bytes before them', () => {
    const text = '<p>Tour tee €29.90 · 💜</p>'
    expect(rewrite(PAGE.replace('<main>', `<main>${text}`))).toBe(
      rewrite(PAGE).replace('<main>', `<main>${text}`),
    )
  })

  it('leaves a document without the router’s module as it is (an error page rendered before the router)', () => {
    const page = '<html><body><p>Sorry</p><link rel="modulepreload" href="/assets/x.js"/></body></html>'
    expect(rewrite(page)).toBe(page)
  })
})
