/**
 * One feed item (photo, quote, article, or a link to a release, post or lookbook) as a card.
 * The variant decides how it sits in a layout: a square tile, a card with its text, a compact
 * row, or a full-height slide. Photos and quotes are not links; everything else leads on.
 */
import { type FeedItem, type FeedTerm, type PageImage, plainText, toOptionalPageImage } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { RichText } from './rich-text.tsx'

export type FeedCardVariant = 'tile' | 'card' | 'row' | 'slide' | 'hero'

const SIZES: Record<FeedCardVariant, string> = {
  tile: '(max-width: 767px) 50vw, 25vw',
  card: '(max-width: 767px) 100vw, 33vw',
  row: '120px',
  slide: '100vw',
  hero: '(max-width: 991px) 100vw, 66vw',
}

const KIND_LABEL: Record<FeedItem['kind'], string> = {
  photo: 'Photo',
  quote: 'Quote',
  article: 'Story',
  release: 'Music',
  post: 'News',
  lookbook: 'Lookbook',
}

/** What a card needs of a topic: its id, to find the item's, and its name. */
export type FeedTopic = Pick<FeedTerm, 'id' | 'name'>

/** What a card draws of a feed item; its excerpt only in the variants that show it (not 'tile' or 'row'). */
export type FeedCardItem = Pick<
  FeedItem,
  'id' | 'kind' | 'title' | 'content' | 'quote_source' | 'feed_taxonomy' | 'target'
> &
  Partial<Pick<FeedItem, 'excerpt'>> & { featured_image: PageImage | null }

/**
 * A feed item as a 'tile' card draws it, for a page that shows only tiles (the landing's strip):
 * no excerpt, dates, slug or reading time go into the page's data, nor its picture's addresses.
 */
export function feedTile(item: FeedItem): FeedCardItem {
  const { id, kind, title, content, quote_source, featured_image, feed_taxonomy, target } = item
  return {
    id,
    kind,
    title,
    content,
    quote_source,
    featured_image: toOptionalPageImage(featured_image),
    feed_taxonomy,
    target,
  }
}

export function termNames(item: Pick<FeedItem, 'feed_taxonomy'>, terms: FeedTopic[]): string {
  return terms
    .filter((term) => item.feed_taxonomy.includes(term.id))
    .map((term) => term.name)
    .join(' · ')
}

export function FeedCard(props: {
  item: FeedCardItem
  terms: FeedTopic[]
  variant: FeedCardVariant
  priority?: boolean
  /** The heading level of the card's title in its page. */
  level?: 2 | 3
}) {
  const { item, variant } = props
  const Heading = props.level === 2 ? 'h2' : 'h3'
  const title = plainText(item.title.rendered)
  const image = item.featured_image
  const topics = termNames(item, props.terms)
  const className = `feed-card feed-card--${variant} feed-card--${item.kind}`

  if (item.kind === 'quote') {
    return (
      <article className={className}>
        <figure className="feed-card__quote">
          <blockquote>
            <RichText html={item.content.rendered} />
          </blockquote>
          {item.quote_source ? <figcaption>{item.quote_source}</figcaption> : null}
        </figure>
        <p className="feed-card__meta">
          <span className="feed-card__kind">{KIND_LABEL.quote}</span>
          {topics ? <span> · {topics}</span> : null}
        </p>
      </article>
    )
  }

  const body = (
    <>
      {image ? (
        <div className="feed-card__media">
          <ResponsiveImage
            image={image}
            sizes={SIZES[variant]}
            priority={props.priority}
            className="feed-card__img"
          />
        </div>
      ) : null}
      <div className="feed-card__body">
        <p className="feed-card__meta">
          <span className="feed-card__kind">{KIND_LABEL[item.kind]}</span>
          {topics ? <span> · {topics}</span> : null}
        </p>
        <Heading className="feed-card__title">{title}</Heading>
        {variant !== 'tile' && variant !== 'row' && item.excerpt ? (
          <RichText html={item.excerpt.rendered} className="feed-card__excerpt" />
        ) : null}
        {item.target && variant !== 'tile' ? (
          <span className="feed-card__cta" aria-hidden="true">
            {item.target.label} →
          </span>
        ) : null}
      </div>
    </>
  )

  return (
    <article className={className}>
      {item.target ? (
        <Link to={item.target.url} className="feed-card__link" prefetch="intent">
          {body}
        </Link>
      ) : (
        body
      )}
    </article>
  )
}
