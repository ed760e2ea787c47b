// The search page's loader against the real API (on a loopback port, over a private SQLite
// database): a text that holds no word once folded finds nothing, as an empty one does.
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { listeningApi } from '../../tests/visitor.ts'
import { loader, UNSEARCHABLE_TEXT } from './routes/search.tsx'

const api = listeningApi()

describe('the search page', () => {
  it('finds nothing for a lone accent, where the API refuses it as no word', async () => {
    const url = new URL('http://shop.test/search?q=%CC%81')
    const context = testLoadContext(fetch, api.baseUrl)
    const args = { request: new Request(url), url, context, params: {}, pattern: '/search' }
    expect(await loader(args as Parameters<typeof loader>[0])).toEqual({
      q: '\u0301',
      products: [],
      productTotal: 0,
      stories: [],
      music: [],
    })
  })

  it('answers a text the API would refuse (a NUL character) in its own words, with nothing found', async () => {
    for (const [sent, q] of [
      ['%00', '\0'],
      ['offside%00', 'offside\0'],
    ]) {
      const url = new URL(`http://shop.test/search?q=${sent}`)
      const context = testLoadContext(fetch, api.baseUrl)
      const args = { request: new Request(url), url, context, params: {}, pattern: '/search' }
      expect(await loader(args as Parameters<typeof loader>[0])).toEqual({
        q,
        products: [],
        productTotal: 0,
        stories: [],
        music: [],
        refused: UNSEARCHABLE_TEXT,
      })
    }
  })
})
