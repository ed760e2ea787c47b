/**
 * /foundation (spec 2, route name 'foundation'): the foundation's page. Its mission, the figures,
 * the programmes with their pictures, and how to help.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { MoreItems } from '../components/more-items.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug, fetchFeedTerms, fetchList } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/foundation'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'foundation' }

const FOUNDATION_TOPIC = 'foundation'

export async function loader({ context }: Route.LoaderArgs) {
  const [page, terms] = await Promise.all([
    fetchBySlug(context, 'pages', 'foundation'),
    fetchFeedTerms(context),
  ])
  // The foundation's own feed topic holds its news.
  const topic = terms.find((term) => term.slug === FOUNDATION_TOPIC)
  const news = topic ? (await fetchList(context, 'posts', { feed_taxonomy: topic.id })).items : []
  return {
    page,
    news,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/foundation',
      title: page.title.rendered,
      description: page.excerpt.rendered,
      image: page.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Foundation({ loaderData }: Route.ComponentProps) {
  const { page, news } = loaderData
  return (
    <article className="foundation">
      <header className="foundation__hero">
        {page.featured_image ? (
          <ResponsiveImage
            image={page.featured_image}
            sizes="100vw"
            priority
            className="foundation__hero-img"
          />
        ) : null}
        <div className="foundation__hero-text">
          <h1 className="content-title">{plainText(page.title.rendered)}</h1>
          <RichText html={page.excerpt.rendered} className="content-lead" />
        </div>
      </header>
      <RichText html={page.content.rendered} className="foundation__mission" />
      {page.facts.length > 0 ? (
        <dl className="facts">
          {page.facts.map((fact) => (
            <div key={fact.label} className="facts__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {page.sections.map((section, i) => (
        <section key={section.heading} className={`programme ${i % 2 ? 'programme--reverse' : ''}`}>
          {section.image ? (
            <div className="programme__image">
              <ResponsiveImage image={section.image} sizes="(max-width: 767px) 100vw, 50vw" />
            </div>
          ) : null}
          <div className="programme__text">
            <h2>{section.heading}</h2>
            <RichText html={section.body} />
          </div>
        </section>
      ))}
      {news.length > 0 ? (
        <MoreItems id="foundation-news" title="News from the foundation" listClassName="link-list">
          {news.map((post) => (
            <li key={post.id}>
              <Link to={post.link}>{plainText(post.title.rendered)}</Link>
            </li>
          ))}
        </MoreItems>
      ) : null}
      {page.cta ? (
        <p className="foundation__cta">
          <Link to={page.cta.url} className="button">
            {page.cta.label}
          </Link>
        </p>
      ) : null}
    </article>
  )
}
