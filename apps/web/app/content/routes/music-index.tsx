/** /music (spec 2, route name 'music'): every release, newest first, with its cover and length. */
import { formatDuration, plainText } from '@fanshop/core'
import { Link, useRouteLoaderData } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { StreamButton } from '../components/stream-button.tsx'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/music-index'
import type { MusicSectionData } from './music.tsx'

export const handle: SiteHandle = { routeName: 'music' }

const TYPE_LABEL = { album: 'Album', ep: 'EP', single: 'Single' } as const

export const meta: Route.MetaFunction = ({ matches }) => {
  const data = matches.find((m) => m?.id === 'content/routes/music')?.loaderData as
    | MusicSectionData
    | undefined
  if (!data) return []
  return seoMeta(
    pageSeo({
      publicUrl: data.publicUrl,
      path: '/music',
      title: 'Music',
      description:
        'The albums, EPs and singles: listen to every track, watch the videos and find them on your streaming service.',
      image: data.releases[0]?.featured_image,
    }),
  )
}

export default function MusicIndex() {
  const { releases } = useRouteLoaderData('content/routes/music') as MusicSectionData
  return (
    <>
      <header className="content-header content-header--row">
        <div>
          <p className="eyebrow">Music</p>
          <h1 className="content-title">Songs from the dressing room</h1>
        </div>
        <StreamButton label="Listen on your streaming service" />
      </header>
      <ul className="release-grid">
        {releases.map((release, i) => (
          <li key={release.id}>
            <Link to={release.link} className="release-card" prefetch="intent">
              {release.featured_image ? (
                <ResponsiveImage
                  image={release.featured_image}
                  sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 25vw"
                  priority={i < 2}
                />
              ) : null}
              <span className="release-card__title">{plainText(release.title.rendered)}</span>
              <span className="release-card__meta">
                {TYPE_LABEL[release.release_type]} · {release.release_date.slice(0, 4)} ·{' '}
                {release.tracks.length} {release.tracks.length === 1 ? 'track' : 'tracks'} ·{' '}
                {formatDuration(release.total_duration)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
