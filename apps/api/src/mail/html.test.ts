/** Customer text in a mail's HTML part is written as text: markup, quotes and ampersands escaped. */
import { describe, expect, it } from 'vitest'
import { shippingMail } from '../admin/cart/fulfilment.ts'
import { escapeHtml } from './html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    )
  })

  it("writes the shipping mail's carrier and tracking number as text", () => {
    const mail = shippingMail({ number: 'R123' }, '<b>Post</b>', `"><script>x</script>`, 'https://shop.test')
    expect(mail.html).toContain('Carrier: &lt;b&gt;Post&lt;/b&gt;')
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;x&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
  })
})
