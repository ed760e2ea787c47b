/**
 * The greeting menu of spec 2 for a logged-in visitor: a greeting with first_name (name when
 * there is none), the user navigation from user/menu, and LOGOUT. The site's navigation panel
 * embeds it; the profile uses LogoutButton on its own.
 */
import { Form } from 'react-router'
import { SiteLink } from '../site/site-link.tsx'
import { useUi } from '../site/ui-store.ts'
import { useFrame } from '../site/use-frame.ts'
import './accounts.css'

export function LogoutButton(props: { className?: string }) {
  const closeAll = useUi((s) => s.closeAll)
  return (
    <Form method="post" action="/auth/logout" onSubmit={closeAll} className={props.className}>
      <button type="submit" className="button button--ghost">
        LOGOUT
      </button>
    </Form>
  )
}

export function GreetingMenu() {
  const user = useFrame()?.user
  if (!user) return null
  return (
    <section className="greeting-menu" aria-labelledby="greeting-menu-hello">
      <p className="greeting-menu__hello" id="greeting-menu-hello">
        Hi, {user.first_name || user.name}
      </p>
      <nav aria-label="Your account">
        <ul className="greeting-menu__items">
          {user.menu.map((item) => (
            <li key={`${item.title} ${item.url}`}>
              <SiteLink to={item.url} className="greeting-menu__link">
                {item.title}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutButton className="greeting-menu__logout" />
    </section>
  )
}
