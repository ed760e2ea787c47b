/**
 * /posts/feed/{id} (spec 2): the news as one continuous feed, every post in full, one after the
 * other; the id narrows it to one feed topic, without it every post.
 */
import { plainText } from '@fanshop/core'
import { Link, useLocation } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { formatDate } from '../components/dates.ts'
import { FilterBox } from '../components/home-blocks.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchFeedTerms, fetchList, notFound, pageParam } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/posts-feed'
import '../content.css'
import '../editorial.css'

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const terms = await fetchFeedTerms(context)
  const current = params.id ? (terms.find((t) => String(t.id) === params.id) ?? notFound()) : null
  const posts = await fetchList(context, 'posts', {
    page: pageParam(url),
    ...(current ? { feed_taxonomy: current.id } : {}),
  })
  return {
    posts,
    terms,
    current,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: current ? `/posts/feed/${current.id}` : '/posts/feed',
      title: current ? `${current.name} · News feed` : 'News feed',
      description: current?.description ?? 'Every news post in full, one after the other.',
      image: posts.items[0]?.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function PostsFeed({ loaderData }: Route.ComponentProps) {
  const { posts, terms, current, timeZone } = loaderData
  const location = useLocation()
  return (
    <div className="posts-feed">
      <header className="content-header">
        <p className="eyebrow">
          <Link to="/posts">News</Link> · Feed
        </p>
        <h1 className="content-title">{current ? current.name : 'All the news'}</h1>
      </header>
      <FilterBox
        block={undefined}
        terms={terms}
        current={current}
        hrefFor={(term) => (term ? `/posts/feed/${term.id}` : '/posts/feed')}
        className="filter-box--inline"
      />
      {posts.items.length === 0 ? <p className="empty">No news in this topic yet.</p> : null}
      {posts.items.map((post, i) => (
        <article key={post.id} className="feed-post" aria-labelledby={`post-${post.id}`}>
          <header>
            <time dateTime={post.date} className="feed-post__date">
              {formatDate(post.date, timeZone)}
            </time>
            <h2 id={`post-${post.id}`} className="feed-post__title">
              <Link to={post.link}>{plainText(post.title.rendered)}</Link>
            </h2>
            <p className="feed-post__author">{post.author_name}</p>
          </header>
          {post.featured_image ? (
            <ResponsiveImage
              image={post.featured_image}
              sizes="(max-width: 767px) 100vw, 720px"
              priority={i === 0}
            />
          ) : null}
          <RichText html={post.content.rendered} className="article__body" />
        </article>
      ))}
      <Pagination
        page={posts.page}
        totalPages={posts.totalPages}
        hrefFor={(page) => withPage(location.pathname, location.search, page)}
      />
    </div>
  )
}
