/** The header's way to search: a link to /search (the search field and its suggestions live there and on /shop). */
import { Link } from 'react-router'

export function SearchLink() {
  return (
    <Link to="/search" className="icon-button site-header__search" aria-label="Search" prefetch="intent">
      <svg
        className="icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="M15.5 15.5 21 21" />
      </svg>
    </Link>
  )
}
