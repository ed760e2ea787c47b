/**
 * /posts/{id} (spec 2): one news post, with its author, date, topics and reading time, then the
 * latest other posts. /posts without an id lists every post, newest first.
 */
import { plainText } from '@fanshop/core'
import { Link, useLocation } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { formatDate } from '../components/dates.ts'
import { MoreItems } from '../components/more-items.tsx'
import { Pagination, withPage } from '../components/pagination.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchFeedTerms, fetchItem, fetchList, pageParam } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/post'
import '../content.css'
import '../editorial.css'

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const [terms, posts] = await Promise.all([
    fetchFeedTerms(context),
    fetchList(context, 'posts', { page: params.id ? 1 : pageParam(url) }),
  ])
  const post = params.id ? await fetchItem(context, 'posts', params.id) : null
  return {
    post,
    posts,
    terms,
    timeZone: context.shopTz,
    seo: post
      ? pageSeo({
          publicUrl: context.publicUrl,
          path: post.link,
          title: post.title.rendered,
          description: post.excerpt.rendered,
          image: post.featured_image,
          type: 'article',
        })
      : pageSeo({
          publicUrl: context.publicUrl,
          path: '/posts',
          title: 'News',
          description: 'News from the club, the band, the shop and the foundation.',
          image: posts.items[0]?.featured_image,
        }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, posts, terms, timeZone } = loaderData
  const location = useLocation()
  if (!post) {
    return (
      <div className="posts">
        <header className="content-header">
          <p className="eyebrow">News</p>
          <h1 className="content-title">News</h1>
          <p>
            <Link to="/posts/feed" className="more-link">
              Read them as a feed
            </Link>
          </p>
        </header>
        <ul className="post-list">
          {posts.items.map((item, i) => (
            <li key={item.id}>
              <Link to={item.link} className="post-row" prefetch="intent">
                {item.featured_image ? (
                  <ResponsiveImage
                    image={item.featured_image}
                    sizes="(max-width: 767px) 35vw, 240px"
                    priority={i < 2}
                  />
                ) : null}
                <span className="post-row__text">
                  <time dateTime={item.date}>{formatDate(item.date, timeZone)}</time>
                  <span className="post-row__title">{plainText(item.title.rendered)}</span>
                  <RichText html={item.excerpt.rendered} className="post-row__excerpt" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Pagination
          page={posts.page}
          totalPages={posts.totalPages}
          hrefFor={(page) => withPage(location.pathname, location.search, page)}
        />
      </div>
    )
  }
  const topics = terms.filter((term) => post.feed_taxonomy.includes(term.id))
  const others = posts.items.filter((item) => item.id !== post.id).slice(0, 3)
  return (
    <article className="article">
      <header className="article__header">
        <p className="eyebrow">
          <Link to="/posts">News</Link>
          {topics.map((term) => (
            <span key={term.id}>
              {' · '}
              <Link to={`/posts/feed/${term.id}`}>{term.name}</Link>
            </span>
          ))}
        </p>
        <h1 className="content-title">{plainText(post.title.rendered)}</h1>
        <p className="article__meta">
          {post.author_name} · <time dateTime={post.date}>{formatDate(post.date, timeZone)}</time> ·{' '}
          {post.reading_minutes} min read
        </p>
      </header>
      {post.featured_image ? (
        <div className="article__image">
          <ResponsiveImage image={post.featured_image} sizes="(max-width: 991px) 100vw, 800px" priority />
        </div>
      ) : null}
      <RichText html={post.content.rendered} className="article__body" />
      {others.length > 0 ? (
        <MoreItems id="more-posts" title="More news" listClassName="link-list">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={other.link}>
                <strong>{plainText(other.title.rendered)}</strong>{' '}
                <time dateTime={other.date}>{formatDate(other.date, timeZone)}</time>
              </Link>
            </li>
          ))}
        </MoreItems>
      ) : null}
    </article>
  )
}
