/**
 * What a shared link or a search engine sees of a catalogue page: title, description, canonical
 * URL, Open Graph (og:type product, absolute og:image) and schema.org Product JSON-LD with its
 * offer (price in EUR, availability). Rendered on the server into the page's head.
 */
import { excerpt, imageSources } from '@fanshop/core'
import type { MetaDescriptor } from 'react-router'
import { pageTitle, SITE_NAME } from '../site/brand.ts'
import type { ProductPageData } from './catalog.server.ts'

export function productMeta(product: ProductPageData, publicUrl: string): MetaDescriptor[] {
  const url = `${publicUrl}${product.permalink}`
  const title = pageTitle(product.name)
  const description = excerpt(product.description) || excerpt(product.short_description)
  const image = product.images[0]
  const imageUrls = product.images.map((i) => `${publicUrl}${imageSources(i).src}`)
  const inStock = product.stock_status === 'instock'
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: imageUrls[0]! },
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    { property: 'product:price:amount', content: product.price },
    { property: 'product:price:currency', content: 'EUR' },
    { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
    { name: 'twitter:card', content: 'summary_large_image' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        sku: product.sku,
        url,
        image: imageUrls,
        brand: { '@type': 'Brand', name: SITE_NAME },
        ...(product.categories[0] ? { category: product.categories[0].name } : {}),
        offers: {
          '@type': 'Offer',
          url,
          price: product.price,
          priceCurrency: 'EUR',
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
    },
  ]
}
