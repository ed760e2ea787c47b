/**
 * /home and /home/{slug} (spec 2, route name 'home'): the latest-update bar, the filter box
 * (each topic is /home/{topic}), the feed as a card grid and the side bar beside it.
 */
import { Link } from 'react-router'
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home' }

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadHome(context, {
    path: '/home',
    title: 'Home',
    topicSlug: params.slug,
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Home({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, current, feed } = loaderData
  return (
    <div className="home home--main">
      <LatestUpdateBar block={latestUpdate} />
      <header className="content-header">
        <p className="eyebrow">{current ? 'Topic' : 'Home'}</p>
        <h1 className="content-title">{current ? current.name : 'From the pitch and the stage'}</h1>
        {current ? <p className="content-lead">{current.description}</p> : null}
      </header>
      <div className="home__columns">
        <div className="home__main">
          <FilterBox block={filterBox} terms={terms} current={current} hrefFor={homeTopicHref} collapsible />
          {feed.length === 0 ? (
            <p className="empty">
              Nothing here yet. <Link to="/home">See everything</Link>
            </p>
          ) : (
            <ul className="card-grid">
              {feed.map((item, i) => (
                <li key={item.id}>
                  <FeedCard item={item} terms={terms} variant="card" priority={i < 2} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <SideBar block={sideBar} className="home__aside" />
      </div>
    </div>
  )
}
