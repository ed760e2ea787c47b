/** The signed-in frame: navigation showing only what the role allows, and logging out. */
import type { Permission, StaffMe } from '@fanshop/core'
import { Form, NavLink, Outlet, useRouteLoaderData } from 'react-router'
import { loadMe } from '../api'
import type { Route } from './+types/layout'

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadMe(request)
}

/** The signed-in staff member, for any page inside the frame. */
export function useMe(): StaffMe {
  return useRouteLoaderData('routes/layout') as StaffMe
}

const NAV: { to: string; label: string; permission: Permission | null }[] = [
  { to: '/', label: 'Dashboard', permission: 'dashboard' },
  { to: '/products', label: 'Products', permission: 'catalogue' },
  { to: '/categories', label: 'Categories', permission: 'catalogue' },
  { to: '/size-guides', label: 'Size guides', permission: 'catalogue' },
  { to: '/customers', label: 'Customers', permission: 'customers' },
  { to: '/coupons', label: 'Coupons', permission: 'coupons' },
  { to: '/stock', label: 'Stock', permission: 'stock' },
  { to: '/import', label: 'Import & export', permission: 'catalogue' },
  { to: '/orders', label: 'Orders', permission: 'orders.view' },
  { to: '/staff', label: 'Staff', permission: 'staff' },
  { to: '/audit', label: 'Audit log', permission: 'audit' },
  { to: '/drop', label: 'Drop', permission: 'launch' },
  { to: '/access-codes', label: 'Access codes', permission: 'launch' },
  { to: '/security', label: 'Security', permission: null },
]

export default function Frame({ loaderData: me }: Route.ComponentProps) {
  return (
    <div className="frame">
      <header className="bar">
        <a href="#main" className="skip">
          Skip to content
        </a>
        <span className="brand">Fan shop · Back office</span>
        <nav aria-label="Back office">
          <ul>
            {NAV.filter((item) => item.permission === null || me.permissions.includes(item.permission)).map(
              (item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <span className="signed-in">
          {me.staff.name} ({me.staff.role})
        </span>
        <Form method="post" action="/logout">
          <button type="submit">Log out</button>
        </Form>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
