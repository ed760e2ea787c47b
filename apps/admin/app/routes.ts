import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  route('login', 'routes/login.tsx'),
  route('accept-invite', 'routes/accept-invite.tsx'),
  route('logout', 'routes/logout.tsx'),
  layout('routes/layout.tsx', [
    index('routes/dashboard.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('orders', 'cart/orders.tsx'),
    route('orders/:number', 'cart/order.tsx'),
    route('security', 'routes/security.tsx'),
  ]),
] satisfies RouteConfig
