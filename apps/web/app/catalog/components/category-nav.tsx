/**
 * The shop's category switch (spec 4: menu_order, the first current): links, so a category can be
 * opened without JavaScript and shared; the current one is marked for assistive technology.
 */
import type { CategoryJson } from '@fanshop/core'
import { Link } from 'react-router'

export function CategoryNav(props: {
  categories: CategoryJson[]
  currentId: number | null
  hrefFor: (categoryId: number) => string
}) {
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
      </ul>
    </nav>
  )
}
