/**
 * /home/setup2 (spec 2, route name 'home'): the home as a mosaic. The newest item takes a big
 * square, the rest fill the grid around it; the side bar runs as a strip and the latest-update
 * bar closes the page.
 */
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-setup2'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeSetupTwo({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, feed } = loaderData
  return (
    <div className="home home--mosaic">
      <header className="content-header content-header--row">
        <h1 className="content-title">The wall</h1>
        <FilterBox
          block={filterBox}
          terms={terms}
          current={null}
          hrefFor={homeTopicHref}
          className="filter-box--inline"
        />
      </header>
      <ul className="mosaic">
        {feed.map((item, i) => (
          <li key={item.id} className={i === 0 ? 'mosaic__big' : undefined}>
            <FeedCard item={item} terms={terms} variant="tile" priority={i < 3} level={2} />
          </li>
        ))}
      </ul>
      <SideBar block={sideBar} className="side-bar--strip" />
      <LatestUpdateBar block={latestUpdate} className="latest-update--footer" />
    </div>
  )
}
