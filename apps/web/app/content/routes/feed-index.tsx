/** /feed (spec 2): the feed's overview. One tile per topic, with its newest picture and how much is in it. */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { FeedCard } from '../components/feed-card.tsx'
import { feedLayoutMeta, feedTopicQuery, useFeedData } from '../feed-data.ts'
import type { Route } from './+types/feed-index'

export const meta: Route.MetaFunction = ({ matches }) => feedLayoutMeta(matches, 'Topics', '/feed')

export default function FeedIndex() {
  const { terms, feed, current } = useFeedData()
  const shown = current ? terms.filter((t) => t.id === current.id) : terms
  return (
    <>
      <ul className="topic-tiles">
        {shown.map((term, i) => {
          const cover = feed.items.find((item) => item.feed_taxonomy.includes(term.id) && item.featured_image)
          return (
            <li key={term.id}>
              <Link to={`/feed/layout${feedTopicQuery(term)}`} className="topic-tile">
                {cover?.featured_image ? (
                  <ResponsiveImage
                    image={cover.featured_image}
                    sizes="(max-width: 767px) 50vw, 20vw"
                    priority={i < 2}
                    alt=""
                  />
                ) : null}
                <span className="topic-tile__name">{term.name}</span>
                <span className="topic-tile__count">
                  {term.count} {term.count === 1 ? 'item' : 'items'}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
      <section aria-labelledby="feed-newest">
        <h2 id="feed-newest" className="section-title">
          Newest: {feed.items[0] ? plainText(feed.items[0].title.rendered) : 'nothing yet'}
        </h2>
        {feed.items[0] ? <FeedCard item={feed.items[0]} terms={terms} variant="hero" level={3} /> : null}
      </section>
    </>
  )
}
