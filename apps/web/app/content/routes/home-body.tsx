/**
 * /home/home-body (spec 2, route name 'home'): the home's body by topic. One row per feed topic,
 * each a sideways-scrolling strip of its items, then the side bar across the page.
 */
import { Link } from 'react-router'
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { homeTopicHref, LatestUpdateBar, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-body'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeBody({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, terms, feed } = loaderData
  return (
    <div className="home home--body">
      <LatestUpdateBar block={latestUpdate} />
      <header className="content-header">
        <h1 className="content-title">Pick your lane</h1>
      </header>
      {terms.map((term, row) => {
        const items = feed.filter((item) => item.feed_taxonomy.includes(term.id))
        if (items.length === 0) return null
        return (
          <section key={term.id} className="topic-row" aria-labelledby={`topic-${term.id}`}>
            <div className="topic-row__head">
              <h2 id={`topic-${term.id}`} className="section-title">
                {term.name}
              </h2>
              <p className="topic-row__description">{term.description}</p>
              <Link to={homeTopicHref(term)} className="more-link">
                All {term.name.toLowerCase()}
              </Link>
            </div>
            <ul className="scroller">
              {items.map((item, i) => (
                <li key={item.id}>
                  <FeedCard item={item} terms={terms} variant="tile" priority={row === 0 && i < 2} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      <SideBar block={sideBar} className="side-bar--wide" />
    </div>
  )
}
