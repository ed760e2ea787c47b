/**
 * What a shared link or a search engine sees of a content page: title, description, canonical
 * URL and Open Graph / Twitter tags with an absolute image. Built in the loader (which knows the
 * public URL) and handed to each route's `meta`.
 */
import { excerpt, type ImageJson, plainText } from '@fanshop/core'
import type { MetaDescriptor } from 'react-router'
import { pageTitle, SITE_NAME } from '../site/brand.ts'

export interface PageSeo {
  title: string
  description: string
  /** Absolute URL of the page (its canonical address). */
  url: string
  image: { url: string; width: number; height: number; alt: string } | null
  type: 'website' | 'article' | 'music.album' | 'music.song'
}

/** Builds a page's SEO from API fields: rendered HTML becomes plain text, paths absolute URLs. */
export function pageSeo(input: {
  publicUrl: string
  /** The page's canonical path (for home variants, the home they vary). */
  path: string
  title: string
  /** HTML or text; shortened to a meta description. */
  description: string
  image: ImageJson | null | undefined
  type?: PageSeo['type']
}): PageSeo {
  return {
    title: plainText(input.title),
    description: excerpt(input.description, 160),
    url: `${input.publicUrl}${input.path}`,
    image: input.image
      ? {
          url: `${input.publicUrl}${input.image.src}`,
          width: input.image.width,
          height: input.image.height,
          alt: input.image.alt,
        }
      : null,
    type: input.type ?? 'website',
  }
}

export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return []
  const title = seo.title === SITE_NAME ? SITE_NAME : pageTitle(seo.title)
  return [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.url },
    { property: 'og:type', content: seo.type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    ...(seo.image
      ? [
          { property: 'og:image', content: seo.image.url },
          { property: 'og:image:width', content: String(seo.image.width) },
          { property: 'og:image:height', content: String(seo.image.height) },
          { property: 'og:image:alt', content: seo.image.alt },
        ]
      : []),
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ]
}
