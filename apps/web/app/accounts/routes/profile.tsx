/**
 * /profile: the logged-in visitor's account (spec 2: profile with an account link bar), for
 * logged-in users only (spec 6: a guest is sent to /). The link bar is the user navigation.
 */
import { useEffect, useRef } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { guard } from '../../guards.server.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { useFrame } from '../../site/use-frame.ts'
import { LogoutButton } from '../greeting-menu.tsx'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile'
import '../accounts.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'profile' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your profile') },
  { name: 'robots', content: 'noindex' },
]

export const middleware: Route.MiddlewareFunction[] = [guard('auth', true)]

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireUser(args.url, args.context)
  return { greeting: user.first_name || user.name }
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const menu = useFrame()?.user?.menu ?? []
  const links = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // On a phone the link bar scrolls sideways: keep the current page's link in view.
  useEffect(() => {
    links.current
      ?.querySelector(`a[href="${CSS.escape(pathname)}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  return (
    <section className="profile">
      <header className="profile__head">
        <h1 className="profile__title">Hi, {loaderData.greeting}</h1>
        <LogoutButton />
      </header>
      <nav className="profile__links" aria-label="Your account" ref={links}>
        <ul>
          {menu.map((item) => (
            <li key={`${item.title} ${item.url}`}>
              <NavLink
                to={item.url}
                end={item.url === '/profile'}
                className="profile__link"
                prefetch="intent"
              >
                {item.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile__body">
        <Outlet />
      </div>
    </section>
  )
}
