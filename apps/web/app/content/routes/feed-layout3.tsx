/**
 * /feed/layout3 (spec 2): the feed as a magazine page. The newest item as the lead story, the
 * next two side by side, the rest as a compact list.
 */
import { useLocation } from 'react-router'
import { FeedCard } from '../components/feed-card.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { feedLayoutMeta, useFeedData } from '../feed-data.ts'
import type { Route } from './+types/feed-layout3'

export const meta: Route.MetaFunction = ({ matches }) => feedLayoutMeta(matches, 'Magazine', '/feed/layout3')

export default function FeedMagazine() {
  const { feed, terms } = useFeedData()
  const location = useLocation()
  const [lead, ...rest] = feed.items
  const seconds = rest.slice(0, 2)
  const others = rest.slice(2)
  return (
    <>
      <div className="magazine">
        {lead ? (
          <div className="magazine__lead">
            <FeedCard item={lead} terms={terms} variant="hero" priority level={2} />
          </div>
        ) : null}
        <div className="magazine__seconds">
          {seconds.map((item) => (
            <FeedCard key={item.id} item={item} terms={terms} variant="card" level={2} />
          ))}
        </div>
        <ul className="magazine__list">
          {others.map((item) => (
            <li key={item.id}>
              <FeedCard item={item} terms={terms} variant="row" level={2} />
            </li>
          ))}
        </ul>
      </div>
      <Pagination
        page={feed.page}
        totalPages={feed.totalPages}
        hrefFor={(page) => withPage(location.pathname, location.search, page)}
      />
    </>
  )
}
