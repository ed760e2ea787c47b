/**
 * The content domain's pages (spec 2), by layout: the home and its variants, the feed, stories,
 * lookbooks, music, posts, the foundation, the book, contact, the agreements, and the sitemap
 * and robots files for search engines.
 */
import { index, prefix, route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

const LOOKBOOK_VARIANTS = ['01', '02', '03', '04', '05', '06']

export const contentRoutes: DomainRoutes = {
  default: [
    index('content/routes/index.tsx'),
    route('index-2', 'content/routes/index-2.tsx'),
    route('home_old', 'content/routes/home-old.tsx'),
    route('home-scroled', 'content/routes/home-scroled.tsx'),
    ...prefix('home', [
      route('home-2', 'content/routes/home-2.tsx'),
      route('home-body', 'content/routes/home-body.tsx'),
      route('setup2', 'content/routes/home-setup2.tsx'),
      route('setup3', 'content/routes/home-setup3.tsx'),
      route(':slug?', 'content/routes/home.tsx'),
    ]),
    route('feed', 'content/routes/feed.tsx', [
      index('content/routes/feed-index.tsx'),
      route('layout', 'content/routes/feed-layout.tsx'),
      route('layout2', 'content/routes/feed-layout2.tsx'),
      route('layout3', 'content/routes/feed-layout3.tsx'),
    ]),
    route('feed/article/:id?', 'content/routes/feed-article.tsx'),
    ...prefix('story', [
      index('content/routes/story-index.tsx'),
      route('details', 'content/routes/story-details.tsx'),
      route('article/:id?', 'content/routes/story-article.tsx'),
    ]),
    route('lookbook', 'content/routes/lookbook-index.tsx'),
    ...LOOKBOOK_VARIANTS.map((n) =>
      route(`lookbook-${n}`, 'content/routes/lookbook-variant.tsx', { id: `content/lookbook-${n}` }),
    ),
    route('lookbook/feed', 'content/routes/lookbook-feed.tsx'),
    route('lookbook/:slug', 'content/routes/lookbook-slug.tsx'),
    route('music', 'content/routes/music.tsx', [
      index('content/routes/music-index.tsx'),
      route(':id', 'content/routes/music-release.tsx'),
    ]),
    route('posts/feed/:id?', 'content/routes/posts-feed.tsx'),
    route('posts/:id?', 'content/routes/post.tsx'),
    route('foundation', 'content/routes/foundation.tsx'),
    route('book', 'content/routes/book.tsx'),
    route('contact', 'content/routes/contact.tsx'),
    route('sitemap.xml', 'content/routes/sitemap.ts'),
    route('robots.txt', 'content/routes/robots.ts'),
  ],
  agreements: [
    route('page/:slug?', 'content/routes/page.tsx', { id: 'content/page' }),
    route('terms-and-conditions', 'content/routes/page.tsx', { id: 'content/terms-and-conditions' }),
  ],
}
