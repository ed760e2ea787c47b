/**
 * /book (spec 2): the memoir's page. The cover, what it is, the facts of the edition, excerpts
 * from a few chapters, and where to get the signed copy.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/book'
import '../content.css'
import '../editorial.css'

export async function loader({ context }: Route.LoaderArgs) {
  const page = await fetchBySlug(context, 'pages', 'book')
  return {
    page,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/book',
      title: page.title.rendered,
      description: page.excerpt.rendered,
      image: page.featured_image,
      type: 'article',
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Book({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <article className="book">
      <div className="book__top">
        {page.featured_image ? (
          <div className="book__cover">
            <ResponsiveImage image={page.featured_image} sizes="(max-width: 767px) 70vw, 360px" priority />
          </div>
        ) : null}
        <div className="book__intro">
          <p className="eyebrow">The memoir</p>
          <h1 className="content-title">{plainText(page.title.rendered)}</h1>
          <RichText html={page.content.rendered} />
          {page.facts.length > 0 ? (
            <dl className="book__facts">
              {page.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {page.cta ? (
            <Link to={page.cta.url} className="button">
              {page.cta.label}
            </Link>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="book-excerpts">
        <h2 id="book-excerpts" className="section-title">
          From the book
        </h2>
        <div className="excerpts">
          {page.sections.map((section) => (
            <section key={section.heading} className="excerpt">
              {section.image ? (
                <ResponsiveImage image={section.image} sizes="(max-width: 767px) 100vw, 33vw" />
              ) : null}
              <h3>{section.heading}</h3>
              <RichText html={section.body} className="excerpt__text" />
            </section>
          ))}
        </div>
      </section>
    </article>
  )
}
