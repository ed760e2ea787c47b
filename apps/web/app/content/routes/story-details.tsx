/**
 * /story/details (spec 2): one story in full (?story={slug}; without it, the newest story): its
 * introduction and its chapters in order, each leading to the article.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { MoreItems } from '../components/more-items.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug, fetchList, notFound } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/story-details'
import '../content.css'
import '../editorial.css'

export async function loader({ url, context }: Route.LoaderArgs) {
  const slug = url.searchParams.get('story')
  const stories = await fetchList(context, 'stories')
  const story = slug ? await fetchBySlug(context, 'stories', slug) : (stories.items[0] ?? notFound())
  return {
    story,
    others: stories.items.filter((s) => s.id !== story.id),
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: story.link,
      title: story.title.rendered,
      description: story.excerpt.rendered,
      image: story.featured_image,
      type: 'article',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function StoryDetails({ loaderData }: Route.ComponentProps) {
  const { story, others } = loaderData
  return (
    <article className="story">
      <header className="story__hero">
        {story.featured_image ? (
          <ResponsiveImage image={story.featured_image} sizes="100vw" priority className="story__hero-img" />
        ) : null}
        <div className="story__hero-text">
          <p className="eyebrow">
            <Link to="/story">Stories</Link>
          </p>
          <h1 className="content-title">{plainText(story.title.rendered)}</h1>
          <p className="content-lead">{story.subtitle}</p>
        </div>
      </header>
      <RichText html={story.content.rendered} className="story__intro" />
      <section aria-labelledby="story-chapters">
        <h2 id="story-chapters" className="section-title">
          Chapters
        </h2>
        <ol className="chapters">
          {story.articles.map((article, i) => (
            <li key={article.id}>
              <Link to={article.link} className="chapter" prefetch="intent">
                <span className="chapter__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {article.featured_image ? (
                  <ResponsiveImage image={article.featured_image} sizes="(max-width: 767px) 30vw, 200px" />
                ) : null}
                <span className="chapter__text">
                  <span className="chapter__title">{plainText(article.title.rendered)}</span>
                  <RichText html={article.excerpt.rendered} className="chapter__excerpt" />
                  <span className="chapter__time">{article.reading_minutes} min read</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
      {others.length > 0 ? (
        <MoreItems id="other-stories" title="More stories" listClassName="link-list">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={other.link}>
                <strong>{plainText(other.title.rendered)}</strong> {other.subtitle}
              </Link>
            </li>
          ))}
        </MoreItems>
      ) : null}
    </article>
  )
}
