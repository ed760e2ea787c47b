/**
 * /home/setup3 (spec 2, route name 'home'): the home as full-screen slides, one item at a time,
 * snapping as you scroll (like stories on a phone); the topics float on top.
 */
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-setup3'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeSetupThree({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, feed } = loaderData
  return (
    <div className="home home--slides">
      <h1 className="visually-hidden">Swipe through the latest</h1>
      <LatestUpdateBar block={latestUpdate} />
      <FilterBox
        block={filterBox}
        terms={terms}
        current={null}
        hrefFor={homeTopicHref}
        className="filter-box--floating"
      />
      <ol className="slides">
        {feed.map((item, i) => (
          <li key={item.id} className="slides__slide">
            <FeedCard item={item} terms={terms} variant="slide" priority={i === 0} level={2} />
          </li>
        ))}
      </ol>
      <SideBar block={sideBar} />
    </div>
  )
}
