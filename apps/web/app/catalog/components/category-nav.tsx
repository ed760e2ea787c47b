/**
 * The shop's category switch (spec 4: menu_order, the first current), then "All" for every
 * product: links, so a category can be opened without JavaScript and shared; the current one is
 * marked for assistive technology.
 */
import type { CategoryJson } from '@fanshop/core'
import { Link } from 'react-router'

export function CategoryNav(props: {
  categories: Pick<CategoryJson, 'id' | 'name'>[]
  currentId: number | null
  hrefFor: (categoryId: number) => string
  /** The All view; it is current when no category is. */
  allHref: string
}) {
  const allCurrent = props.currentId === null
  return (
    <nav className="category-nav" aria-label="Categories">
      <ul className="category-nav__list">
        {props.categories.map((category) => {
          const current = category.id === props.currentId
          return (
            <li key={category.id}>
              <Link
                to={props.hrefFor(category.id)}
                className={`category-nav__link ${current ? 'category-nav__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
              >
                {category.name}
              </Link>
            </li>
          )
        })}
        <li>
          <Link
            to={props.allHref}
            className={`category-nav__link ${allCurrent ? 'category-nav__link--current' : ''}`}
            aria-current={allCurrent ? 'page' : undefined}
            preventScrollReset
          >
            All
          </Link>
        </li>
      </ul>
    </nav>
  )
}
