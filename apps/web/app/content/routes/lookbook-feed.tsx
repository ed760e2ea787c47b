/**
 * /lookbook/feed (spec 2): every look of every lookbook in one stream, newest lookbook first,
 * each picture leading to its scene in its lookbook.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { fetchList, pageParam } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/lookbook-feed'
import '../content.css'
import '../editorial.css'

export async function loader({ url, context }: Route.LoaderArgs) {
  const lookbooks = await fetchList(context, 'lookbooks', { page: pageParam(url) })
  const looks = lookbooks.items.flatMap((lookbook) =>
    lookbook.setups.flatMap((setup) =>
      setup.images.map((image) => ({
        image,
        setup: setup.title,
        caption: setup.caption,
        lookbook: plainText(lookbook.title.rendered),
        href: `${lookbook.link}#setup-${setup.id}`,
      })),
    ),
  )
  return {
    looks,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/lookbook/feed',
      title: 'Every look',
      description: 'Every look of every lookbook in one stream.',
      image: looks[0]?.image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function LookbookFeed({ loaderData }: Route.ComponentProps) {
  const { looks } = loaderData
  return (
    <div className="look-feed">
      <header className="content-header">
        <p className="eyebrow">
          <Link to="/lookbook">Lookbook</Link>
        </p>
        <h1 className="content-title">Every look, one feed</h1>
      </header>
      <ul className="look-feed__list">
        {looks.map((look, i) => (
          <li key={look.image.id}>
            <Link to={look.href} className="look">
              <ResponsiveImage
                image={look.image}
                sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 25vw"
                priority={i < 2}
              />
              <span className="look__setup">{look.setup}</span>
              <span className="look__lookbook">{look.lookbook}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
