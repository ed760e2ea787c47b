// A cart line's plus at its most: unavailable, with the limit said beside it, and a limit lowered
// under what the line holds said as the checkout will refuse it.
import { createContext, useContext } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { CartLine } from './cart.server.ts'
import { QuantityControls } from './quantity-controls.tsx'

const line = (changes: Partial<CartLine>): CartLine => ({
  id: 7,
  variantId: 70,
  name: 'Gift Box',
  options: '',
  slug: 'gift-box',
  image: null,
  quantity: 1,
  limit: { kind: 'per-order', max: 5 },
  maxQuantity: 5,
  displayPrice: '€10.00',
  displayAmount: '€10.00',
  ...changes,
})

/** The line the stub's route draws, given by each test. */
const LineContext = createContext<CartLine | null>(null)

function LineControls() {
  return <QuantityControls line={useContext(LineContext)!} />
}

/** A data router, as useFetcher needs one. */
const Stub = createRoutesStub([{ path: '/cart', Component: LineControls }])

const rendered = (cartLine: CartLine) => {
  const html = renderToString(
    <LineContext value={cartLine}>
      <Stub initialEntries={['/cart']} />
    </LineContext>,
  )
  const plus = html.match(/<button[^>]*aria-label="One more Gift Box"[^>]*>/)![0]
  const attribute = (name: string) => plus.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? null
  const describedBy = attribute('aria-describedby')
  return {
    unavailable: attribute('aria-disabled'),
    note: describedBy ? (html.match(new RegExp(`<p id="${describedBy}"[^>]*>([^<]*)</p>`))?.[1] ?? '') : null,
  }
}

describe("a cart line's plus", () => {
  it('raises a line with room left, saying nothing more', () => {
    expect(rendered(line({ quantity: 4 }))).toEqual({ unavailable: 'false', note: null })
  })

  it('is unavailable at the per-order limit, and says the limit', () => {
    expect(rendered(line({ quantity: 5 }))).toEqual({ unavailable: 'true', note: 'Limit 5 per order.' })
  })

  it("is unavailable where the order's other lines of the product leave no more room", () => {
    const sizes = line({ quantity: 2, limit: { kind: 'per-fan', max: 3 }, maxQuantity: 2 })
    expect(rendered(sizes)).toEqual({
      unavailable: 'true',
      note: 'Limit 3 per fan, across all your orders.',
    })
  })

  it('says a cap lowered under what the line holds as the checkout will refuse it', () => {
    const lowered = line({ quantity: 2, limit: { kind: 'per-fan', max: 1 }, maxQuantity: 0 })
    expect(rendered(lowered)).toEqual({ unavailable: 'true', note: 'This item is limited to 1 per fan.' })
  })
})
