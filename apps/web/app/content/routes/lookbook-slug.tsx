/**
 * /lookbook/{slug} (spec 2, route name 'lookbook-slug'): one lookbook, each setup in the layout
 * it was shot for, with the products worn in it linking to their product pages.
 */
import { type LookbookLayout, plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { LookbookSetupView, productsOf } from '../components/lookbook-setup.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug } from '../content.server.ts'
import { withProducts } from '../lookbook.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/lookbook-slug'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'lookbook-slug' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const { lookbook, products } = await withProducts(
    context,
    await fetchBySlug(context, 'lookbooks', params.slug),
  )
  return {
    lookbook,
    products,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: lookbook.link,
      title: lookbook.title.rendered,
      description: lookbook.excerpt.rendered,
      image: lookbook.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function LookbookPage({ loaderData }: Route.ComponentProps) {
  const { lookbook, products } = loaderData
  return (
    <div className="lookbook">
      <header className="lookbook__cover">
        {lookbook.featured_image ? (
          <ResponsiveImage image={lookbook.featured_image} sizes="(max-width: 767px) 100vw, 50vw" priority />
        ) : null}
        <div className="lookbook__cover-text">
          <p className="eyebrow">
            <Link to="/lookbook">Lookbook</Link> · {lookbook.season}
          </p>
          <h1 className="content-title">{plainText(lookbook.title.rendered)}</h1>
          <RichText html={lookbook.content.rendered} className="content-lead" />
          <nav aria-label="Scenes">
            <ol className="scene-index">
              {lookbook.setups.map((setup) => (
                <li key={setup.id}>
                  <a href={`#setup-${setup.id}`}>{setup.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </header>
      {lookbook.setups.map((setup) => (
        <div key={setup.id} id={`setup-${setup.id}`} className="lookbook__scene">
          <LookbookSetupView
            setup={setup}
            layout={setup.layout as LookbookLayout}
            products={productsOf(setup, products)}
            first={false}
          />
        </div>
      ))}
      <p className="lookbook__credits">{lookbook.credits}</p>
    </div>
  )
}
