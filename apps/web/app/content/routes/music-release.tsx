/**
 * /music/{id} (spec 2, route name 'music-id'): one release. Cover, the player with its track
 * list, the video, the notes, where to stream it (here and in the stream popup), and the other
 * releases.
 */
import { formatDuration, plainText } from '@fanshop/core'
import { Link, useRouteLoaderData } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { AudioPlayer } from '../components/audio-player.tsx'
import { formatDate } from '../components/dates.ts'
import { MoreItems } from '../components/more-items.tsx'
import { RichText } from '../components/rich-text.tsx'
import { StreamButton } from '../components/stream-button.tsx'
import { VideoPlayer } from '../components/video-player.tsx'
import { fetchItem } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/music-release'
import type { MusicSectionData } from './music.tsx'

export const handle: SiteHandle = { routeName: 'music-id' }

const TYPE_LABEL = { album: 'Album', ep: 'EP', single: 'Single' } as const

export async function loader({ params, context }: Route.LoaderArgs) {
  const release = await fetchItem(context, 'music', params.id)
  return {
    release,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: release.link,
      title: release.title.rendered,
      description: release.excerpt.rendered,
      image: release.featured_image,
      type: release.release_type === 'single' ? 'music.song' : 'music.album',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function MusicRelease({ loaderData }: Route.ComponentProps) {
  const { release, timeZone } = loaderData
  const section = useRouteLoaderData('content/routes/music') as MusicSectionData | undefined
  const others = (section?.releases ?? []).filter((r) => r.id !== release.id)
  const title = plainText(release.title.rendered)
  return (
    <article className="release">
      <div className="release__top">
        {release.featured_image ? (
          <div className="release__cover">
            <ResponsiveImage image={release.featured_image} sizes="(max-width: 767px) 100vw, 40vw" priority />
          </div>
        ) : null}
        <div className="release__info">
          <p className="eyebrow">
            <Link to="/music">Music</Link> · {TYPE_LABEL[release.release_type]}
          </p>
          <h1 className="content-title">{title}</h1>
          <p className="release__meta">
            <time dateTime={release.release_date}>
              {formatDate(`${release.release_date}T12:00:00Z`, timeZone)}
            </time>{' '}
            · {release.label} · {release.tracks.length} {release.tracks.length === 1 ? 'track' : 'tracks'},{' '}
            {formatDuration(release.total_duration)}
          </p>
          <AudioPlayer release={release} />
        </div>
      </div>
      {release.video ? <VideoPlayer video={release.video} /> : null}
      <RichText html={release.content.rendered} className="release__notes" />
      <section className="release__streams" aria-labelledby="release-streams">
        <h2 id="release-streams" className="section-title">
          Stream {title}
        </h2>
        <ul className="stream-links">
          {release.streaming_links.map((link) => (
            <li key={link.service}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`stream-link stream-link--${link.service}`}
              >
                {link.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <StreamButton label="All streaming services" />
      </section>
      {others.length > 0 ? (
        <MoreItems id="more-music" title="More music" listClassName="release-grid release-grid--small">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={other.link} className="release-card">
                {other.featured_image ? (
                  <ResponsiveImage image={other.featured_image} sizes="(max-width: 575px) 50vw, 20vw" />
                ) : null}
                <span className="release-card__title">{plainText(other.title.rendered)}</span>
                <span className="release-card__meta">{TYPE_LABEL[other.release_type]}</span>
              </Link>
            </li>
          ))}
        </MoreItems>
      ) : null}
    </article>
  )
}
