import { describe, expect, it } from 'vitest'
import { SITE_NAME } from '../site/brand.ts'
import { withPage } from './components/pagination.tsx'
import { pageSeo, seoMeta } from './seo.ts'

const image = {
  id: 7,
  src: '/media/7/960.webp',
  alt: 'Derby day',
  width: 960,
  height: 600,
  srcset: { avif: '', webp: '' },
}

describe('content page SEO', () => {
  it('turns API fields into plain text and absolute URLs', () => {
    const seo = pageSeo({
      publicUrl: 'https://shop.example',
      path: '/posts/6',
      title: 'Two goals &amp; one song',
      description: '<p>A brace in the derby, and a crowd that would <strong>not</strong> stop singing.</p>',
      image,
      type: 'article',
    })
    expect(seo).toEqual({
      title: 'Two goals & one song',
      description: 'A brace in the derby, and a crowd that would not stop singing.',
      url: 'https://shop.example/posts/6',
      image: { url: 'https://shop.example/media/7/960.webp', width: 960, height: 600, alt: 'Derby day' },
      type: 'article',
    })
  })

  it('writes the title, description, canonical link and Open Graph tags', () => {
    const meta = seoMeta(
      pageSeo({
        publicUrl: 'https://shop.example',
        path: '/music',
        title: 'Music',
        description: 'Songs.',
        image,
      }),
    )
    expect(meta).toContainEqual({ title: `Music | ${SITE_NAME}` })
    expect(meta).toContainEqual({ name: 'description', content: 'Songs.' })
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/music' })
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://shop.example/media/7/960.webp' })
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
  })

  it('keeps the site name alone as the home page title and has no image tags without an image', () => {
    const meta = seoMeta(
      pageSeo({
        publicUrl: 'https://shop.example',
        path: '/',
        title: SITE_NAME,
        description: 'Home.',
        image: null,
      }),
    )
    expect(meta).toContainEqual({ title: SITE_NAME })
    expect(meta.some((m) => 'property' in m && m.property === 'og:image')).toBe(false)
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary' })
  })

  it('cuts long descriptions to a meta description length', () => {
    const seo = pageSeo({
      publicUrl: 'https://shop.example',
      path: '/book',
      title: 'Book',
      description: `<p>${'word '.repeat(80)}</p>`,
      image: null,
    })
    expect(seo.description.length).toBeLessThanOrEqual(160)
    expect(seo.description.endsWith('…')).toBe(true)
  })
})

describe('list paging links', () => {
  it('adds ?page=N and keeps the other parameters; page 1 drops it', () => {
    expect(withPage('/feed/layout', '?taxonomy=style', 2)).toBe('/feed/layout?taxonomy=style&page=2')
    expect(withPage('/feed/layout', '?taxonomy=style&page=2', 1)).toBe('/feed/layout?taxonomy=style')
    expect(withPage('/posts', '', 1)).toBe('/posts')
  })
})
