/**
 * The accounts domain's pages, by layout: the login, register and reset pages, the login,
 * Facebook and logout actions, and /profile with its children (spec 2).
 */
import { index, route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

export const accountsRoutes: DomainRoutes = {
  default: [
    route('auth/login', 'accounts/routes/login.tsx'),
    route('auth/register', 'accounts/routes/register.tsx'),
    route('auth/facebook', 'accounts/routes/facebook.tsx'),
    route('auth/logout', 'accounts/routes/logout.tsx'),
    route('auth/reset', 'accounts/routes/reset.tsx'),
    route('auth/reset/setpassword', 'accounts/routes/set-password.tsx'),
    route('profile', 'accounts/routes/profile.tsx', [
      index('accounts/routes/profile-index.tsx'),
      route('details', 'accounts/routes/profile-details.tsx'),
      route('orders', 'accounts/routes/profile-orders.tsx'),
      route('addresses', 'accounts/routes/profile-addresses.tsx'),
      route('password', 'accounts/routes/profile-password.tsx'),
      route('settings', 'accounts/routes/profile-settings.tsx'),
    ]),
  ],
}
