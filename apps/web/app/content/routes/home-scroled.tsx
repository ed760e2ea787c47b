/**
 * /home-scroled (spec 2): the home as it looks once scrolled. The latest-update bar stays pinned
 * under the header, the feed runs as a sideways carousel, and the side bar and topics follow as
 * cards.
 */
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-scroled'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home-scroled' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeScrolled({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, feed } = loaderData
  return (
    <div className="home home--scrolled">
      <LatestUpdateBar block={latestUpdate} className="latest-update--sticky" />
      <header className="content-header">
        <h1 className="content-title">Keep scrolling</h1>
      </header>
      <section className="carousel" aria-label="Latest from the feed">
        <ul className="carousel__track">
          {feed.map((item, i) => (
            <li key={item.id} className="carousel__item">
              <FeedCard item={item} terms={terms} variant="card" priority={i < 2} level={2} />
            </li>
          ))}
        </ul>
      </section>
      <div className="card-pair">
        <SideBar block={sideBar} className="side-bar--card" />
        <FilterBox
          block={filterBox}
          terms={terms}
          current={null}
          hrefFor={homeTopicHref}
          className="filter-box--card"
        />
      </div>
    </div>
  )
}
