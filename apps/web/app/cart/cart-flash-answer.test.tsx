// The cart flash as the server renders it, before JavaScript runs: a login whose merged cart the
// per-fan cap trimmed lands with ?cart=capped, and the page says what happened.
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CartFlashAnswer } from './cart-flash-answer.tsx'

const rendered = (path: string) =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <CartFlashAnswer />
    </MemoryRouter>,
  )

describe('the cart flash before JavaScript runs', () => {
  it('tells a fan that units over the per-fan cap went back to the shop at login', () => {
    const html = rendered('/shop?sort=new&cart=capped')
    expect(html).toContain('role="status"')
    expect(html).toContain(
      'Some items are limited per fan and your account already had them, so the extra units from your bag went back to the shop.',
    )
    // The notice leads to the bag, which lists what went back.
    expect(html).toContain('href="/cart"')
    expect(html).toContain('See your bag')
  })

  it('leads back to the page, without the flash, after a refusal', () => {
    const html = rendered('/shop?sort=new&cart=out-of-stock')
    expect(html).toContain('Product is out of stock for requested quantity.')
    expect(html).toContain('href="/shop?sort=new"')
  })

  it('shows nothing without a flash', () => {
    expect(rendered('/shop')).toBe('')
  })
})
