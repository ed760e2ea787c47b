/** The menu groups of spec 3 (a name and its links), as the navigation panel and the footer list them. */
import type { MenuGroup } from '@fanshop/core'
import { SiteLink } from './site-link.tsx'

export function MenuGroups({ groups, className }: { groups: MenuGroup[]; className: string }) {
  return groups.map((group) => (
    <section key={group.name} className={className}>
      <h2 className="menu-group__name">{group.name}</h2>
      <ul className="menu-group__items">
        {group.items.map((item) => (
          <li key={`${item.title} ${item.url}`}>
            <SiteLink to={item.url} className="menu-group__link">
              {item.title}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  ))
}
