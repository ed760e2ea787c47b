/**
 * / (spec 2, route name 'index'): the landing page. The newest release as the hero, the
 * latest-update bar, three ways in (lookbook, story, feed) and a strip from the feed.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { SITE_NAME } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { FeedCard } from '../components/feed-card.tsx'
import { LatestUpdateBar } from '../components/home-blocks.tsx'
import { RichText } from '../components/rich-text.tsx'
import { loadLanding } from '../home.server.ts'
import { seoMeta } from '../seo.ts'
import type { Route } from './+types/index'
import '../content.css'
import '../landing.css'

export const handle: SiteHandle = { routeName: 'index' }

export async function loader({ context }: Route.LoaderArgs) {
  return loadLanding(context, { path: '/', title: SITE_NAME })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Index({ loaderData }: Route.ComponentProps) {
  const {
    latestRelease: release,
    latestLookbook: lookbook,
    latestStory: story,
    latestUpdate,
    feed,
    feedImage,
    terms,
  } = loaderData
  return (
    <div className="landing">
      <h1 className="landing__name">{SITE_NAME}</h1>
      {release ? (
        <section className="landing__hero" aria-labelledby="landing-release">
          {release.featured_image ? (
            <div className="landing__hero-media">
              <ResponsiveImage
                image={release.featured_image}
                sizes="(max-width: 767px) 100vw, 50vw"
                priority
              />
            </div>
          ) : null}
          <div className="landing__hero-text">
            <p className="eyebrow">New {release.release_type === 'ep' ? 'EP' : release.release_type}</p>
            <h2 id="landing-release" className="landing__release">
              {plainText(release.title.rendered)}
            </h2>
            <RichText html={release.excerpt.rendered} className="content-lead" />
            <div className="actions">
              <Link to={release.link} className="button" prefetch="intent">
                Listen now
              </Link>
              <Link to="/shop" className="button button--ghost">
                Shop the drop
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      <LatestUpdateBar block={latestUpdate} />
      <section className="landing__tiles" aria-label="Explore">
        {lookbook ? (
          <Link to={lookbook.link} className="tile" prefetch="intent">
            {lookbook.featured_image ? (
              <ResponsiveImage image={lookbook.featured_image} sizes="(max-width: 767px) 100vw, 33vw" />
            ) : null}
            <span className="tile__label">Lookbook</span>
            <span className="tile__title">{plainText(lookbook.title.rendered)}</span>
          </Link>
        ) : null}
        {story ? (
          <Link to={story.link} className="tile" prefetch="intent">
            {story.featured_image ? (
              <ResponsiveImage image={story.featured_image} sizes="(max-width: 767px) 100vw, 33vw" />
            ) : null}
            <span className="tile__label">Story</span>
            <span className="tile__title">{plainText(story.title.rendered)}</span>
          </Link>
        ) : null}
        <Link to="/feed" className="tile" prefetch="intent">
          {feedImage ? <ResponsiveImage image={feedImage} sizes="(max-width: 767px) 100vw, 33vw" /> : null}
          <span className="tile__label">Feed</span>
          <span className="tile__title">Goals, gigs and everything between</span>
        </Link>
      </section>
      <section className="landing__feed" aria-labelledby="landing-feed">
        <h2 id="landing-feed" className="section-title">
          From the feed
        </h2>
        <ul className="strip">
          {feed.map((item) => (
            <li key={item.id}>
              <FeedCard item={item} terms={terms} variant="tile" />
            </li>
          ))}
        </ul>
        <Link to="/home" className="more-link">
          See everything
        </Link>
      </section>
    </div>
  )
}
