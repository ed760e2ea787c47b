/** Newer / older links for a list longer than one page of 100 (spec 9); plain links, so they work without JavaScript. */
import { Link } from 'react-router'

export function Pagination(props: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (props.totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      {props.page > 1 ? (
        <Link to={props.hrefFor(props.page - 1)} rel="prev" className="button button--ghost">
          Newer
        </Link>
      ) : null}
      <span className="pagination__where">
        Page {props.page} of {props.totalPages}
      </span>
      {props.page < props.totalPages ? (
        <Link to={props.hrefFor(props.page + 1)} rel="next" className="button button--ghost">
          Older
        </Link>
      ) : null}
    </nav>
  )
}

/** The same URL with ?page=N (page 1 drops the parameter). */
export function withPage(path: string, search: string, page: number): string {
  const params = new URLSearchParams(search)
  if (page > 1) params.set('page', String(page))
  else params.delete('page')
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
