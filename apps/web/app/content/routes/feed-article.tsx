/**
 * /feed/article/{id} (spec 2): one feed item on its own page, usually an article; without an id,
 * the newest feed article. Shows its topics, date and reading time, then more from the feed.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { formatDate } from '../components/dates.ts'
import { FeedCard, termNames } from '../components/feed-card.tsx'
import { MoreItems } from '../components/more-items.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchFeedTerms, fetchItem, fetchList, notFound } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/feed-article'
import '../content.css'
import '../editorial.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const [terms, feed] = await Promise.all([fetchFeedTerms(context), fetchList(context, 'feed')])
  const item = params.id
    ? await fetchItem(context, 'feed', params.id)
    : (feed.items.find((i) => i.kind === 'article') ?? notFound())
  return {
    item,
    terms,
    more: feed.items.filter((i) => i.id !== item.id).slice(0, 3),
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: `/feed/article/${item.id}`,
      title: item.title.rendered,
      description: item.excerpt.rendered || item.content.rendered,
      image: item.featured_image,
      type: 'article',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function FeedArticle({ loaderData }: Route.ComponentProps) {
  const { item, terms, more, timeZone } = loaderData
  const outbound = item.target && item.target.url !== item.link ? item.target : null
  return (
    <article className="article">
      <header className="article__header">
        <p className="eyebrow">
          <Link to="/feed">Feed</Link> · {termNames(item, terms)}
        </p>
        <h1 className="content-title">{plainText(item.title.rendered)}</h1>
        <p className="article__meta">
          <time dateTime={item.date}>{formatDate(item.date, timeZone)}</time>
          {item.kind === 'article' ? <span> · {item.reading_minutes} min read</span> : null}
        </p>
      </header>
      {item.featured_image ? (
        <div className="article__image">
          <ResponsiveImage image={item.featured_image} sizes="(max-width: 991px) 100vw, 800px" priority />
        </div>
      ) : null}
      {item.kind === 'quote' ? (
        <figure className="article__quote">
          <blockquote>
            <RichText html={item.content.rendered} />
          </blockquote>
          {item.quote_source ? <figcaption>{item.quote_source}</figcaption> : null}
        </figure>
      ) : (
        <RichText html={item.content.rendered || item.excerpt.rendered} className="article__body" />
      )}
      {outbound ? (
        <p>
          <Link to={outbound.url} className="button">
            {outbound.label}
          </Link>
        </p>
      ) : null}
      {more.length > 0 ? (
        <MoreItems id="more-feed" title="More from the feed" listClassName="card-grid card-grid--three">
          {more.map((other) => (
            <li key={other.id}>
              <FeedCard item={other} terms={terms} variant="card" />
            </li>
          ))}
        </MoreItems>
      ) : null}
    </article>
  )
}
