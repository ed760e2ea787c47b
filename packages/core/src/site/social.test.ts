import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCIAL_LINKS, parseSocialLinks, shareHref, socialLinksSchema } from './social.ts'

describe('social links configuration', () => {
  it('has defaults that pass its own schema, with the share targets spec 2 names', () => {
    expect(socialLinksSchema.parse(DEFAULT_SOCIAL_LINKS)).toEqual(DEFAULT_SOCIAL_LINKS)
    const kinds = DEFAULT_SOCIAL_LINKS.share.map((t) => t.kind)
    expect(kinds.filter((k) => k === 'messaging')).toHaveLength(2)
    expect(kinds.filter((k) => k === 'social')).toHaveLength(2)
    expect(kinds.filter((k) => k === 'short-text')).toHaveLength(1)
    expect(kinds.filter((k) => k === 'email')).toHaveLength(1)
    expect(DEFAULT_SOCIAL_LINKS.share.filter((t) => t.kind === 'messaging' && t.hideOnMobile)).toHaveLength(1)
    expect(new Set(DEFAULT_SOCIAL_LINKS.profiles.map((p) => p.kind))).toEqual(
      new Set(['video', 'short-video', 'social']),
    )
  })
  it('uses the defaults when nothing is configured', () => {
    expect(parseSocialLinks(undefined)).toBe(DEFAULT_SOCIAL_LINKS)
  })
  it('replaces only the keys given', () => {
    const links = parseSocialLinks(
      JSON.stringify({ streams: [{ name: 'Tidal', url: 'https://tidal.com/x' }] }),
    )
    expect(links.streams).toEqual([{ name: 'Tidal', url: 'https://tidal.com/x' }])
    expect(links.profiles).toEqual(DEFAULT_SOCIAL_LINKS.profiles)
  })
  it('says what is wrong', () => {
    expect(() => parseSocialLinks('{')).toThrow('is not valid JSON')
    expect(() =>
      parseSocialLinks(JSON.stringify({ streams: [{ name: 'x', url: 'http://insecure' }] })),
    ).toThrow(/streams\.0\.url/)
    expect(() =>
      parseSocialLinks(
        JSON.stringify({ share: [{ name: 'x', kind: 'social', template: 'javascript:alert(1)' }] }),
      ),
    ).toThrow(/https:\/\/ or mailto:/)
    expect(() => parseSocialLinks(JSON.stringify({ unknown: [] }))).toThrow()
  })
})

describe('shareHref', () => {
  const invitation = { subject: 'Look & see', text: 'Come in:' }
  const url = 'https://shop.example/product/red-hoodie?x=1'
  it('shares the page URL, encoded', () => {
    const facebook = DEFAULT_SOCIAL_LINKS.share.find((t) => t.name === 'Facebook')!
    expect(shareHref(facebook, { url, invitation })).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    )
  })
  it('puts the fixed invitation in the e-mail and the short-text post', () => {
    const email = DEFAULT_SOCIAL_LINKS.share.find((t) => t.kind === 'email')!
    expect(shareHref(email, { url, invitation })).toBe(
      `mailto:?subject=Look%20%26%20see&body=Come%20in%3A%20${encodeURIComponent(url)}`,
    )
    const post = DEFAULT_SOCIAL_LINKS.share.find((t) => t.kind === 'short-text')!
    expect(shareHref(post, { url, invitation })).toContain('text=Come%20in%3A')
  })
})
