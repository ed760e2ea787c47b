/**
 * /lookbook (spec 2): every lookbook, cover first; and the newest one's six layouts
 * (/lookbook-01 to /lookbook-06) and the lookbook feed.
 */
import { LOOKBOOK_LAYOUTS, plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { LOOKBOOK_LAYOUT_NAMES } from '../components/lookbook-setup.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchList, pageParam } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/lookbook-index'
import '../content.css'
import '../editorial.css'

export async function loader({ url, context }: Route.LoaderArgs) {
  const lookbooks = await fetchList(context, 'lookbooks', { page: pageParam(url) })
  return {
    lookbooks,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/lookbook',
      title: 'Lookbook',
      description: 'The drops, photographed where they belong: on the pitch, on the stage and on the road.',
      image: lookbooks.items[0]?.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function LookbookIndex({ loaderData }: Route.ComponentProps) {
  const { lookbooks } = loaderData
  return (
    <div className="lookbooks">
      <header className="content-header">
        <p className="eyebrow">Lookbook</p>
        <h1 className="content-title">Worn where it was made for</h1>
      </header>
      <ul className="lookbook-list">
        {lookbooks.items.map((lookbook, i) => (
          <li key={lookbook.id}>
            <Link to={lookbook.link} className="lookbook-card" prefetch="intent">
              {lookbook.featured_image ? (
                <ResponsiveImage
                  image={lookbook.featured_image}
                  sizes="(max-width: 767px) 100vw, 33vw"
                  priority={i === 0}
                />
              ) : null}
              <span className="lookbook-card__season">{lookbook.season}</span>
              <span className="lookbook-card__title">{plainText(lookbook.title.rendered)}</span>
              <span className="lookbook-card__setups">{lookbook.setups.length} scenes</span>
            </Link>
            <RichText html={lookbook.excerpt.rendered} className="lookbook-card__excerpt" />
          </li>
        ))}
      </ul>
      <nav className="layout-switch" aria-label="The newest lookbook, six ways">
        <span className="layout-switch__label">The newest lookbook, six ways:</span>
        {LOOKBOOK_LAYOUTS.map((n) => (
          <Link key={n} to={`/lookbook-0${n}`} className="layout-switch__link">
            {String(n).padStart(2, '0')} {LOOKBOOK_LAYOUT_NAMES[n]}
          </Link>
        ))}
        <Link to="/lookbook/feed" className="layout-switch__link">
          Every look, one feed
        </Link>
      </nav>
    </div>
  )
}
