/**
 * /home_old (spec 2): the earlier home, kept as it was: a masthead, then the feed as a dated
 * list of rows with the side bar, topics and latest updates in a column beside it.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { SITE_NAME } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { formatDate } from '../components/dates.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { FilterBox, homeTopicHref, SideBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/home-old'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'home_old' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/home', title: 'Home' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function HomeOld({ loaderData }: Route.ComponentProps) {
  const { latestUpdate, sideBar, filterBox, terms, feed, timeZone } = loaderData
  return (
    <div className="home home--classic">
      <header className="masthead">
        <h1 className="masthead__title">{SITE_NAME}</h1>
        <p className="masthead__subtitle">News from the pitch, the studio and the road</p>
      </header>
      <div className="classic">
        <ol className="classic__list">
          {feed.map((item, i) => (
            <li key={item.id} className="classic__row">
              <time className="classic__date" dateTime={item.date}>
                {formatDate(item.date, timeZone)}
              </time>
              <FeedCard item={item} terms={terms} variant="row" priority={i < 2} level={2} />
            </li>
          ))}
        </ol>
        <div className="classic__side">
          <SideBar block={sideBar} />
          <FilterBox block={filterBox} terms={terms} current={null} hrefFor={homeTopicHref} />
          {latestUpdate ? (
            <section className="classic__updates" aria-labelledby="home-old-updates">
              <h2 id="home-old-updates" className="side-bar__title">
                {plainText(latestUpdate.title.rendered)}
              </h2>
              <ul>
                {latestUpdate.items.map((item) => (
                  <li key={item.url + item.title}>
                    <Link to={item.url}>
                      <strong>{item.title}</strong> {item.text}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  )
}
