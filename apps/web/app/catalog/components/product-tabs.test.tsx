// The product tabs as the server renders them: the description chosen and in the page, the specs
// tab there to choose, its panel hidden (as Radix's Tabs drew them before, issue 15).

import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ProductPageData } from '../catalog.server.ts'
import { ProductTabs } from './product-tabs.tsx'

const product = {
  sku: 'ETT-TEE',
  description: '<p>Twenty-two nights.</p>',
  short_description: '<p>Organic cotton.</p>',
  categories: [{ id: 3, name: 'Tees' }],
  gender: null,
  attributes: [{ id: 1, name: 'Size', slug: 'pa_size', options: ['S', 'M'] }],
} as unknown as ProductPageData

describe('the product tabs before JavaScript runs', () => {
  const render = (address: string) =>
    renderToString(
      <MemoryRouter initialEntries={[address]}>
        <ProductTabs product={product} />
      </MemoryRouter>,
    )
  const html = render('/product/ett-tee')

  it('draws a labelled tab list with the description chosen', () => {
    expect(html).toMatch(/role="tablist" aria-orientation="horizontal" aria-label="Product information"/)
    expect(html).toMatch(
      /role="tab" id="([^"]+)-trigger-description" aria-controls="\1-content-description" aria-selected="true" data-state="active" tabindex="0"/,
    )
    expect(html).toMatch(
      /role="tab" id="[^"]+-trigger-specs" aria-controls="[^"]+-content-specs" aria-selected="false" data-state="inactive" tabindex="-1"/,
    )
  })

  it('puts the description in the page and leaves the specs panel hidden', () => {
    expect(html).toMatch(
      /role="tabpanel" id="[^"]+-content-description" aria-labelledby="[^"]+-trigger-description" data-state="active" tabindex="0" class="tabs__panel"><div class="prose"><p>Twenty-two nights.<\/p><\/div>/,
    )
    expect(html).toMatch(
      /role="tabpanel" id="[^"]+-content-specs" aria-labelledby="[^"]+-trigger-specs" data-state="inactive" hidden="" tabindex="0" class="tabs__panel"><\/div>/,
    )
  })

  it('asks for a tab, keeping the choice, with a form that works without JavaScript', () => {
    const asked = render('/product/ett-tee?colour=Black&size=M&tab=specs')
    expect(asked).toMatch(/<form action="#product-information" method="get">/)
    expect(asked).toMatch(
      /<input type="hidden" name="colour" value="Black"\/><input type="hidden" name="size" value="M"\/>/,
    )
    expect(asked).not.toMatch(/type="hidden" name="tab"/)
    expect(asked).toMatch(
      /type="submit" value="specs" role="tab" id="[^"]+-trigger-specs" [^>]*aria-selected="true"[^>]* name="tab">/,
    )
    expect(asked).toMatch(
      /role="tabpanel" id="[^"]+-content-specs" aria-labelledby="[^"]+-trigger-specs" data-state="active" tabindex="0" class="tabs__panel">.*ETT-TEE/,
    )
  })
})
