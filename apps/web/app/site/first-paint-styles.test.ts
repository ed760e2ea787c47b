// The first paint's styles in the HTML: each built stylesheet's text before its link, the link
// disabled; anything else, and everything after the head, passed through untouched.
import { describe, expect, it, vi } from 'vitest'
import { inlineStylesheets, withInlineStylesheets } from './first-paint-styles.server.ts'

vi.mock('virtual:fanshop/stylesheets', () => ({ default: { '/assets/root-1.css': 'body{margin:0}' } }))

const ROOT_LINK = '<link nonce="n" rel="stylesheet" href="/assets/root-1.css"/>'

describe('the first paint styles', () => {
  it('puts a built stylesheet before its link, which it disables', () => {
    expect(inlineStylesheets(`<head>${ROOT_LINK}</head>`)).toBe(
      '<head><style data-href="/assets/root-1.css">body{margin:0}</style><link nonce="n" rel="stylesheet" href="/assets/root-1.css" disabled/></head>',
    )
  })

  it("keeps the router's trailing '#' on the link it matches", () => {
    const sheets = { '/assets/catalog-1.css': '.shop{}' }
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/catalog-1.css#"/>', sheets)).toBe(
      '<style data-href="/assets/catalog-1.css#">.shop{}</style><link rel="stylesheet" href="/assets/catalog-1.css#" disabled/>',
    )
  })

  it('leaves stylesheets it does not have, and other links, as they are', () => {
    const head = '<link rel="stylesheet" href="/app/site/global.css"/><link rel="icon" href="/favicon.svg"/>'
    expect(inlineStylesheets(head)).toBe(head)
  })

  it('rewrites the head of the document, and nothing after it', () => {
    const body = `<body><p>${ROOT_LINK}</p></body></html>`
    const document = `<!DOCTYPE html><html><head><title>Café · 💜</title>${ROOT_LINK}</head>${body}`
    expect(withInlineStylesheets(Buffer.from(document)).toString()).toBe(
      `<!DOCTYPE html><html><head><title>Café · 💜</title><style data-href="/assets/root-1.css">body{margin:0}</style>${ROOT_LINK.replace('/>', ' disabled/>')}</head>${body}`,
    )
  })

  it('passes a document without a head through', () => {
    const document = `<p>${ROOT_LINK}</p>`
    expect(withInlineStylesheets(Buffer.from(document)).toString()).toBe(document)
  })
})
