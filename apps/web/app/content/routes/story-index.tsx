/** /story (spec 2): every story, each with its cover, subtitle and how many chapters it has. */
import { plainText } from '@fanshop/core'
import { Link, useLocation } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchList, pageParam } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/story-index'
import '../content.css'
import '../editorial.css'

export async function loader({ url, context }: Route.LoaderArgs) {
  const stories = await fetchList(context, 'stories', { page: pageParam(url) })
  return {
    stories,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/story',
      title: 'Stories',
      description:
        'Long reads from the dressing room, the studio and the neighbourhood: the stories behind the goals and the songs.',
      image: stories.items[0]?.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function StoryIndex({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData
  const location = useLocation()
  return (
    <div className="stories">
      <header className="content-header">
        <p className="eyebrow">Stories</p>
        <h1 className="content-title">The stories behind the goals and the songs</h1>
      </header>
      <ul className="story-list">
        {stories.items.map((story, i) => (
          <li key={story.id}>
            <Link to={story.link} className="story-card" prefetch="intent">
              {story.featured_image ? (
                <ResponsiveImage
                  image={story.featured_image}
                  sizes="(max-width: 767px) 100vw, 50vw"
                  priority={i === 0}
                />
              ) : null}
              <span className="story-card__text">
                <span className="story-card__chapters">
                  {story.articles.length} {story.articles.length === 1 ? 'chapter' : 'chapters'}
                </span>
                <span className="story-card__title">{plainText(story.title.rendered)}</span>
                <span className="story-card__subtitle">{story.subtitle}</span>
                <RichText html={story.excerpt.rendered} className="story-card__excerpt" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination
        page={stories.page}
        totalPages={stories.totalPages}
        hrefFor={(page) => withPage(location.pathname, location.search, page)}
      />
    </div>
  )
}
