/** /feed/layout (spec 2): the feed as a masonry grid of cards of every shape. */
import { useLocation } from 'react-router'
import { FeedCard } from '../components/feed-card.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { feedLayoutMeta, useFeedData } from '../feed-data.ts'
import type { Route } from './+types/feed-layout'

export const meta: Route.MetaFunction = ({ matches }) => feedLayoutMeta(matches, 'Grid', '/feed/layout')

export default function FeedGrid() {
  const { feed, terms } = useFeedData()
  const location = useLocation()
  return (
    <>
      <ul className="masonry">
        {feed.items.map((item, i) => (
          <li key={item.id}>
            <FeedCard item={item} terms={terms} variant="card" priority={i < 2} level={2} />
          </li>
        ))}
      </ul>
      <Pagination
        page={feed.page}
        totalPages={feed.totalPages}
        hrefFor={(page) => withPage(location.pathname, location.search, page)}
      />
    </>
  )
}
