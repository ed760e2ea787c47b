import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  route('login', 'routes/login.tsx'),
  route('accept-invite', 'routes/accept-invite.tsx'),
  route('logout', 'routes/logout.tsx'),
  layout('routes/layout.tsx', [
    index('routes/dashboard.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('products', 'catalog/products.tsx'),
    route('products/new', 'catalog/product-edit.tsx', { id: 'catalog/product-new' }),
    route('products/:id', 'catalog/product-edit.tsx'),
    route('categories', 'catalog/categories.tsx'),
    route('stock', 'catalog/stock.tsx'),
    route('import', 'catalog/import.tsx'),
    route('orders', 'cart/orders.tsx'),
    route('orders/:number', 'cart/order.tsx'),
    route('security', 'routes/security.tsx'),
    route('customers', 'accounts/customers.tsx'),
    route('customers/:id', 'accounts/customer.tsx'),
    route('coupons', 'cart/coupons.tsx'),
    route('coupons/new', 'cart/coupons-edit.tsx', { id: 'coupon-new' }),
    route('coupons/:id', 'cart/coupons-edit.tsx'),
    route('drop', 'launch/drop.tsx'),
  ]),
] satisfies RouteConfig
