/**
 * /index-2 (spec 2): the alternative landing page. A typographic opener, the newest release and
 * lookbook side by side, and the latest items as a numbered list.
 */
import { formatDuration, plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { SITE_NAME } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { termNames } from '../components/feed-card.tsx'
import { LatestUpdateBar } from '../components/home-blocks.tsx'
import { loadHome } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/index-2'
import '../content.css'
import '../landing.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'index-2' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, { path: '/', title: SITE_NAME })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function IndexTwo({ loaderData }: Route.ComponentProps) {
  const { latestRelease: release, latestLookbook: lookbook, feed, terms, latestUpdate } = loaderData
  return (
    <div className="landing-2">
      <header className="landing-2__opener">
        <h1 className="landing-2__wordmark">
          {SITE_NAME.split(' ').map((word) => (
            <span key={word}>{word}</span>
          ))}
        </h1>
        <p className="landing-2__tagline">Number 9 on the pitch. Lead vocals on the stage.</p>
      </header>
      <div className="landing-2__split">
        {release ? (
          <section className="landing-2__panel" aria-labelledby="index2-release">
            {release.featured_image ? (
              <ResponsiveImage
                image={release.featured_image}
                sizes="(max-width: 767px) 100vw, 50vw"
                priority
              />
            ) : null}
            <p className="eyebrow">Latest release</p>
            <h2 id="index2-release">{plainText(release.title.rendered)}</h2>
            <ol className="mini-tracks">
              {release.tracks.slice(0, 3).map((track) => (
                <li key={track.id}>
                  <span>{plainText(track.title)}</span> <span>{formatDuration(track.duration)}</span>
                </li>
              ))}
            </ol>
            <Link to={release.link} className="button">
              Listen
            </Link>
          </section>
        ) : null}
        {lookbook ? (
          <section className="landing-2__panel" aria-labelledby="index2-lookbook">
            {lookbook.featured_image ? (
              <ResponsiveImage image={lookbook.featured_image} sizes="(max-width: 767px) 100vw, 50vw" />
            ) : null}
            <p className="eyebrow">{lookbook.season}</p>
            <h2 id="index2-lookbook">{plainText(lookbook.title.rendered)}</h2>
            <Link to={lookbook.link} className="button button--ghost">
              See the lookbook
            </Link>
          </section>
        ) : null}
      </div>
      <section className="landing-2__latest" aria-labelledby="index2-latest">
        <h2 id="index2-latest" className="section-title">
          Latest
        </h2>
        <ol className="numbered">
          {feed.slice(0, 6).map((item, i) => (
            <li key={item.id}>
              <span className="numbered__n" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              {item.target ? (
                <Link to={item.target.url} className="numbered__title">
                  {plainText(item.title.rendered)}
                </Link>
              ) : (
                <span className="numbered__title">{plainText(item.title.rendered)}</span>
              )}
              <span className="numbered__topic">{termNames(item, terms)}</span>
            </li>
          ))}
        </ol>
      </section>
      <LatestUpdateBar block={latestUpdate} className="latest-update--footer" />
    </div>
  )
}
