import { describe, expect, it, vi } from 'vitest'
import { remembered, sanitizePlainText, sanitizeRichText, sanitizeUrl } from './sanitize.ts'

describe('remembered results', () => {
  it('cleans a text once however often pages read it, and each text on its own', () => {
    const clean = vi.fn((text: string) => text.toUpperCase())
    const read = remembered(clean)
    for (let i = 0; i < 3; i++) expect(read('read on every page')).toBe('READ ON EVERY PAGE')
    expect(read('another')).toBe('ANOTHER')
    expect(clean).toHaveBeenCalledTimes(2)
  })

  it('forgets the texts remembered longest first once its characters are used up', () => {
    const clean = vi.fn((text: string) => text)
    // Room for two texts of five characters and their results.
    const read = remembered(clean, 20)
    for (const text of ['aaaaa', 'bbbbb', 'ccccc', 'bbbbb', 'ccccc']) read(text)
    expect(clean).toHaveBeenCalledTimes(3)
    read('aaaaa')
    expect(clean).toHaveBeenCalledTimes(4)
  })

  it('does not keep a text larger than all it may remember', () => {
    const clean = vi.fn((text: string) => text)
    const read = remembered(clean, 20)
    read('x'.repeat(11))
    read('x'.repeat(11))
    expect(clean).toHaveBeenCalledTimes(2)
  })

  it('answers a stored text alike on every read, rich and plain', () => {
    for (let i = 0; i < 3; i++) {
      expect(sanitizeRichText('<p>Read on every page<script>x</script></p>')).toBe(
        '<p>Read on every page</p>',
      )
      expect(sanitizePlainText('<b>Every</b> page')).toBe('Every page')
    }
  })
})

describe('sanitizeRichText', () => {
  it('keeps the editorial markup', () => {
    const html = '<h2>Minute 90</h2><p>He <strong>scored</strong>, then <a href="/music/1">sang</a>.</p>'
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('removes scripts with their content, event handlers and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(document.cookie)</script></p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>'
    const clean = sanitizeRichText(dirty)
    expect(clean).toBe('<p>Hi</p><a>x</a>')
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe/i)
  })

  it('lets a new-tab link open without a handle on our page', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">out</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    )
  })

  it('is idempotent, so sanitising on the way in and out changes nothing twice', () => {
    const once = sanitizeRichText('<p>Tom &amp; Jerry <em>&lt;3</em><script>x</script></p>')
    expect(sanitizeRichText(once)).toBe(once)
  })
})

describe('sanitizePlainText', () => {
  it('keeps no markup and escapes what could become markup', () => {
    expect(sanitizePlainText('Gol <b>de</b> oro<script>alert(1)</script> & more')).toBe(
      'Gol de oro &amp; more',
    )
  })

  it('is idempotent', () => {
    const once = sanitizePlainText('R&B <3')
    expect(sanitizePlainText(once)).toBe(once)
  })
})

describe('sanitizeUrl', () => {
  it('keeps site paths and web, mail and phone addresses', () => {
    for (const url of [
      '/music/3',
      '/home?x=1#top',
      'https://open.spotify.com/search/rios',
      'mailto:a@b.es',
      'tel:+34600000000',
    ]) {
      expect(sanitizeUrl(url)).toBe(url)
    }
  })

  it('turns script, data and protocol-relative addresses into the home page', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>',
      '//evil.example',
      '/\\evil.example',
    ]) {
      expect(sanitizeUrl(url)).toBe('/')
    }
  })

  it('reads an address as the browser does, which drops every tab and line break before resolving it', () => {
    // In an href, "/\t/evil.example" is "//evil.example": another site.
    for (const url of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n\\evil.example',
      'java\tscript:alert(1)',
    ]) {
      expect(sanitizeUrl(url)).toBe('/')
    }
    expect(sanitizeUrl('/music/\n3')).toBe('/music/3')
  })
})
