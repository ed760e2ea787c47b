/** The header's way to search: a link to /search (the search field and its suggestions live there and on /shop). */
import { Link } from 'react-router'
import { SearchIcon } from './icons.tsx'

export function SearchLink() {
  return (
    <Link to="/search" className="icon-button site-header__search" aria-label="Search" prefetch="intent">
      <SearchIcon />
    </Link>
  )
}
