/**
 * The back office's orders endpoints (issue 11), under /admin/api/orders: the list and its CSV
 * export, one order, and the staff's actions on it. Each names the permission it needs (roles.ts);
 * the API registers each route from here with that check (apps/api/src/admin/cart/orders-routes.ts).
 */
import { z } from 'zod'
import { ADMIN_TAGS, type AdminEndpoint, defineAdminEndpoint } from './endpoints.ts'
import {
  adminOrderPageSchema,
  adminOrderSchema,
  cancelOrderSchema,
  fulfilOrderSchema,
  orderFilterSchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderNumberParams,
  refundOrderSchema,
} from './orders-shapes.ts'

export const adminOrderEndpoints = {
  listOrders: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/orders',
    tags: ADMIN_TAGS,
    summary: 'Placed orders, filtered, searched (number or e-mail), sorted and paged',
    permission: 'orders.view',
    query: orderListQuerySchema,
    responses: { 200: adminOrderPageSchema },
  }),
  exportOrders: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/orders.csv',
    tags: ADMIN_TAGS,
    summary: 'The filtered list of orders as CSV (text/csv), every page of it',
    permission: 'orders.view',
    query: orderFilterSchema,
    responses: { 200: z.string() },
  }),
  getOrder: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/orders/:number',
    tags: ADMIN_TAGS,
    summary: 'One order: lines, totals, addresses, shipping, payments, refunds and its timeline',
    permission: 'orders.view',
    params: orderNumberParams,
    responses: { 200: adminOrderSchema },
  }),
  fulfilOrder: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/orders/:number/fulfilment',
    tags: ADMIN_TAGS,
    summary: 'Ships a paid order with its carrier and tracking number and mails the customer',
    permission: 'orders.fulfil',
    params: orderNumberParams,
    body: fulfilOrderSchema,
    responses: { 200: adminOrderSchema },
  }),
  cancelOrder: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/orders/:number/cancellation',
    tags: ADMIN_TAGS,
    summary: 'Cancels an order not yet shipped: its stock goes back and what was paid is refunded',
    permission: 'orders.refund',
    params: orderNumberParams,
    body: cancelOrderSchema,
    responses: { 200: adminOrderSchema },
  }),
  refundOrder: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/orders/:number/refunds',
    tags: ADMIN_TAGS,
    summary:
      'Refunds some units (and the shipping) through the payment gateway, once per key; optionally restocks them',
    permission: 'orders.refund',
    params: orderNumberParams,
    body: refundOrderSchema,
    responses: { 200: adminOrderSchema },
  }),
  resendConfirmation: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/orders/:number/confirmation',
    tags: ADMIN_TAGS,
    summary: "Sends the order's confirmation e-mail to the customer again",
    permission: 'orders.view',
    params: orderNumberParams,
    responses: { 200: adminOrderSchema },
  }),
  addOrderNote: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/orders/:number/notes',
    tags: ADMIN_TAGS,
    summary: 'Adds an internal note to the order (staff only see it)',
    permission: 'orders.view',
    params: orderNumberParams,
    body: orderNoteSchema,
    responses: { 201: adminOrderSchema },
  }),
} satisfies Record<string, AdminEndpoint>
