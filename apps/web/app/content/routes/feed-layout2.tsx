/** /feed/layout2 (spec 2): the feed as a timeline, one column, each item under its date. */
import { useLocation } from 'react-router'
import { formatDate } from '../components/dates.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { feedLayoutMeta, useFeedData } from '../feed-data.ts'
import type { Route } from './+types/feed-layout2'

export const meta: Route.MetaFunction = ({ matches }) => feedLayoutMeta(matches, 'Timeline', '/feed/layout2')

export default function FeedTimeline() {
  const { feed, terms, timeZone } = useFeedData()
  const location = useLocation()
  return (
    <>
      <ol className="timeline timeline--centred">
        {feed.items.map((item, i) => (
          <li key={item.id} className="timeline__entry">
            <time className="timeline__date" dateTime={item.date}>
              {formatDate(item.date, timeZone)}
            </time>
            <FeedCard item={item} terms={terms} variant="card" priority={i === 0} level={2} />
          </li>
        ))}
      </ol>
      <Pagination
        page={feed.page}
        totalPages={feed.totalPages}
        hrefFor={(page) => withPage(location.pathname, location.search, page)}
      />
    </>
  )
}
