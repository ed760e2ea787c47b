/**
 * /page/{slug} and /terms-and-conditions (spec 2, agreements layout): the terms, privacy and
 * shipping pages; /page alone lists them. Registration opens /page/terms-and-conditions in a
 * new tab, so each page also links to the others.
 */
import { plainText } from '@fanshop/core'
import { Link } from 'react-router'
import { formatDate } from '../components/dates.ts'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug, fetchList } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/page'
import '../content.css'
import '../editorial.css'

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const path = url.pathname
  const slug = path === '/terms-and-conditions' ? 'terms-and-conditions' : params.slug
  const all = await fetchList(context, 'pages')
  const agreements = all.items.filter((p) => p.template === 'agreement')
  const page = slug ? await fetchBySlug(context, 'pages', slug) : null
  return {
    page,
    agreements,
    timeZone: context.shopTz,
    seo: page
      ? pageSeo({
          publicUrl: context.publicUrl,
          path: page.link,
          title: page.title.rendered,
          description: page.excerpt.rendered || page.content.rendered,
          image: page.featured_image,
        })
      : pageSeo({
          publicUrl: context.publicUrl,
          path: '/page',
          title: 'Terms and policies',
          description: 'The terms of the shop, how we handle your data, and shipping and returns.',
          image: agreements[0]?.featured_image,
        }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function AgreementPage({ loaderData }: Route.ComponentProps) {
  const { page, agreements, timeZone } = loaderData
  const others = agreements.filter((p) => p.id !== page?.id)
  return (
    <article className="agreement">
      {page ? (
        <>
          <header className="content-header">
            <h1 className="content-title">{plainText(page.title.rendered)}</h1>
            <p className="agreement__updated">
              Last updated <time dateTime={page.modified}>{formatDate(page.modified, timeZone)}</time>
            </p>
          </header>
          <RichText html={page.content.rendered} className="agreement__body" />
        </>
      ) : (
        <header className="content-header">
          <h1 className="content-title">Terms and policies</h1>
        </header>
      )}
      {others.length > 0 ? (
        <nav
          className="agreement__others"
          aria-label={page ? 'Other terms and policies' : 'Terms and policies'}
        >
          <ul className="link-list">
            {others.map((other) => (
              <li key={other.id}>
                <Link to={other.link}>{plainText(other.title.rendered)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  )
}
