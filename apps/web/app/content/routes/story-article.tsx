/**
 * /story/article/{id} (spec 2): one chapter of a story, with the way back to its story and on
 * to the previous and next chapters; without an id, the first chapter of the newest story.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { formatDate } from '../components/dates.ts'
import { RichText } from '../components/rich-text.tsx'
import { fetchItem, fetchNewest, notFound } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/story-article'
import '../content.css'
import '../editorial.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  let id = params.id
  if (!id) {
    const newest = await fetchNewest(context, 'stories')
    id = String(newest?.articles[0]?.id ?? notFound())
  }
  const article = await fetchItem(context, 'articles', id)
  const story = await fetchItem(context, 'stories', article.story.id)
  const index = story.articles.findIndex((a) => a.id === article.id)
  return {
    article,
    story,
    previous: story.articles[index - 1] ?? null,
    next: story.articles[index + 1] ?? null,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: article.link,
      title: article.title.rendered,
      description: article.excerpt.rendered,
      image: article.featured_image,
      type: 'article',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function StoryArticle({ loaderData }: Route.ComponentProps) {
  const { article, story, previous, next, timeZone } = loaderData
  return (
    <article className="article">
      <header className="article__header">
        <p className="eyebrow">
          <Link to={story.link}>{plainText(story.title.rendered)}</Link> · Chapter {article.position} of{' '}
          {story.articles.length}
        </p>
        <h1 className="content-title">{plainText(article.title.rendered)}</h1>
        <p className="article__meta">
          <time dateTime={article.date}>{formatDate(article.date, timeZone)}</time> ·{' '}
          {article.reading_minutes} min read
        </p>
      </header>
      {article.featured_image ? (
        <div className="article__image">
          <ResponsiveImage image={article.featured_image} sizes="(max-width: 991px) 100vw, 800px" priority />
        </div>
      ) : null}
      <RichText html={article.content.rendered} className="article__body" />
      <nav className="chapter-nav" aria-label="Chapters">
        {previous ? (
          <Link to={previous.link} rel="prev" className="chapter-nav__link">
            <span className="chapter-nav__dir">Previous chapter</span>
            <span>{plainText(previous.title.rendered)}</span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={next.link} rel="next" className="chapter-nav__link chapter-nav__link--next">
            <span className="chapter-nav__dir">Next chapter</span>
            <span>{plainText(next.title.rendered)}</span>
          </Link>
        ) : (
          <Link to={story.link} className="chapter-nav__link chapter-nav__link--next">
            <span className="chapter-nav__dir">The end</span>
            <span>Back to {plainText(story.title.rendered)}</span>
          </Link>
        )}
      </nav>
    </article>
  )
}
