/**
 * The back office's coupon calls (issue 11), under /admin/api/coupons, behind the 'coupons'
 * permission: list, read one, create, edit and end percent coupons.
 */

import { adminCouponSchema, couponIdParams, couponInputSchema, couponListSchema } from './coupons-shapes.ts'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'

export const couponEndpoints = {
  listCoupons: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/coupons',
    tags: ADMIN_TAGS,
    summary: 'Every coupon with its window, limits, uses and status, newest first',
    permission: 'coupons',
    responses: { 200: couponListSchema },
  }),
  createCoupon: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/coupons',
    tags: ADMIN_TAGS,
    summary: 'Creates a percent coupon (a code already taken answers 409)',
    permission: 'coupons',
    body: couponInputSchema,
    responses: { 201: adminCouponSchema },
  }),
  getCoupon: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/coupons/:id',
    tags: ADMIN_TAGS,
    summary: 'One coupon with its window, limits, uses and status (an unknown id answers 404)',
    permission: 'coupons',
    params: couponIdParams,
    responses: { 200: adminCouponSchema },
  }),
  updateCoupon: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/coupons/:id',
    tags: ADMIN_TAGS,
    summary: "Changes a coupon's code, percent, window or limits (uses so far are kept)",
    permission: 'coupons',
    params: couponIdParams,
    body: couponInputSchema,
    responses: { 200: adminCouponSchema },
  }),
  endCoupon: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/coupons/:id',
    tags: ADMIN_TAGS,
    summary: 'Ends a coupon now: carts can no longer apply it, orders already placed keep it',
    permission: 'coupons',
    params: couponIdParams,
    responses: { 200: adminCouponSchema },
  }),
}
