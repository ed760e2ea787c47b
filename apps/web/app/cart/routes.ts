/**
 * The cart domain's pages, by layout: the bag, the add-to-cart action, the checkout (with its
 * states lookup), the order pages (confirmation, details, failed, the guest's lookup) and the
 * thank-you page.
 */
import { route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

export const cartRoutes: DomainRoutes = {
  default: [
    route('cart', 'cart/routes/cart.tsx'),
    route('cart/add', 'cart/routes/cart-add.tsx'),
    route('cart/stock-alert', 'cart/routes/stock-alert.tsx'),
    route('checkout', 'cart/routes/checkout.tsx'),
    route('checkout/states', 'cart/routes/checkout-states.ts'),
    route('order', 'cart/routes/order.tsx', [
      route('confirmation', 'cart/routes/order-confirmation.tsx'),
      route('details', 'cart/routes/order-details.tsx'),
      route('failed', 'cart/routes/order-failed.tsx'),
      route('lookup', 'cart/routes/order-lookup.tsx'),
    ]),
    route('thank-you', 'cart/routes/thank-you.tsx'),
  ],
}
