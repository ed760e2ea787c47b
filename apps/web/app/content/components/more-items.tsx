/** Under an editorial page, other items of its kind: a titled aside with their list. */
import type { ReactNode } from 'react'

export function MoreItems({
  id,
  title,
  listClassName,
  children,
}: {
  /** The heading's id, which names the aside. */
  id: string
  title: string
  listClassName: string
  children: ReactNode
}) {
  return (
    <aside className="more" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className={listClassName}>{children}</ul>
    </aside>
  )
}
