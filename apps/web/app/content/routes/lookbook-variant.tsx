/**
 * /lookbook-01 to /lookbook-06 (spec 2): the newest lookbook, every setup staged in the layout
 * the address names (full frame, split, mosaic, filmstrip, collage, spread), with its products.
 */
import { LOOKBOOK_LAYOUTS, type LookbookLayout, plainText } from '@fanshop/core'
import { NavLink } from 'react-router'
import { LOOKBOOK_LAYOUT_NAMES, LookbookSetupView, productsOf } from '../components/lookbook-setup.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchNewest, notFound } from '../content.server.ts'
import { withProducts } from '../lookbook.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/lookbook-variant'
import '../content.css'
import '../editorial.css'

export async function loader({ url, context }: Route.LoaderArgs) {
  const match = /^\/lookbook-0([1-6])$/.exec(url.pathname)
  const layout = Number(match?.[1] ?? notFound()) as LookbookLayout
  const newest = (await fetchNewest(context, 'lookbooks')) ?? notFound()
  const { lookbook, products } = await withProducts(context, newest)
  return {
    layout,
    lookbook,
    products,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: `/lookbook-0${layout}`,
      title: `${plainText(lookbook.title.rendered)} · ${LOOKBOOK_LAYOUT_NAMES[layout]}`,
      description: lookbook.excerpt.rendered,
      image: lookbook.setups[0]?.images[0] ?? lookbook.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function LookbookVariant({ loaderData }: Route.ComponentProps) {
  const { layout, lookbook, products } = loaderData
  return (
    <div className={`lookbook lookbook--layout-${layout}`}>
      <header className="content-header">
        <p className="eyebrow">
          {lookbook.season} · Layout {String(layout).padStart(2, '0')}: {LOOKBOOK_LAYOUT_NAMES[layout]}
        </p>
        <h1 className="content-title">{plainText(lookbook.title.rendered)}</h1>
        <RichText html={lookbook.content.rendered} className="content-lead" />
      </header>
      <nav className="layout-switch" aria-label="Lookbook layouts">
        {LOOKBOOK_LAYOUTS.map((n) => (
          <NavLink key={n} to={`/lookbook-0${n}`} className="layout-switch__link">
            {String(n).padStart(2, '0')} {LOOKBOOK_LAYOUT_NAMES[n]}
          </NavLink>
        ))}
      </nav>
      {lookbook.setups.map((setup, i) => (
        <LookbookSetupView
          key={setup.id}
          setup={setup}
          layout={layout}
          products={productsOf(setup, products)}
          first={i === 0}
        />
      ))}
      <p className="lookbook__credits">{lookbook.credits}</p>
    </div>
  )
}
