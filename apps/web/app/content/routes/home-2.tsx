/**
 * /home/home-2 (spec 2, route name 'home'): the home as a timeline. The side bar and the topics
 * stay in a rail on the left (on top on phones); the feed runs down one column, dated.
 */
import type { SiteHandle } from '../../site/handle.ts'
import { formatDate } from '../components/dates.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-2'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeTwo({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, feed, timeZone } = loaderData
  return (
    <div className="home home--rail">
      <header className="content-header">
        <h1 className="content-title">The timeline</h1>
      </header>
      <div className="rail">
        <div className="rail__side">
          <SideBar block={sideBar} />
          <FilterBox block={filterBox} terms={terms} current={null} hrefFor={homeTopicHref} collapsible />
        </div>
        <ol className="timeline">
          {feed.map((item, i) => (
            <li key={item.id} className="timeline__entry">
              <time className="timeline__date" dateTime={item.date}>
                {formatDate(item.date, timeZone)}
              </time>
              <FeedCard item={item} terms={terms} variant="card" priority={i === 0} level={2} />
            </li>
          ))}
        </ol>
      </div>
      <LatestUpdateBar block={latestUpdate} className="latest-update--footer" />
    </div>
  )
}
