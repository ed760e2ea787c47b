/**
 * The cart's number and token, kept in an httpOnly, SameSite=Lax cookie by the storefront's server
 * (docs/decisions/0003: the spec's local storage key, out of reach of scripts). A second cookie
 * remembers the order just placed, so a guest can open its confirmation and details pages.
 */
import { ORDER_NUMBER_PATTERN } from '@fanshop/core'
import { type AppLoadContext, createCookie } from 'react-router'
import { z } from 'zod'

const THIRTY_DAYS = 30 * 24 * 60 * 60

const orderRefSchema = z.object({ number: z.string().regex(ORDER_NUMBER_PATTERN), token: z.string().min(16) })
export type OrderRef = z.infer<typeof orderRefSchema>

const cartCookie = createCookie('cart', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: THIRTY_DAYS })
const placedOrderCookie = createCookie('placed-order', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: THIRTY_DAYS,
})

async function readRef(cookie: typeof cartCookie, request: Request): Promise<OrderRef | null> {
  const parsed = orderRefSchema.safeParse(await cookie.parse(request.headers.get('cookie')))
  return parsed.success ? parsed.data : null
}

/** The visitor's cart, or null before their first add to cart. */
export const readCartRef = (request: Request) => readRef(cartCookie, request)

export function cartSetCookie(context: AppLoadContext, ref: OrderRef): Promise<string> {
  return cartCookie.serialize({ number: ref.number, token: ref.token }, { secure: context.secureCookies })
}

export function cartClearCookie(context: AppLoadContext): Promise<string> {
  return cartCookie.serialize('', { secure: context.secureCookies, maxAge: 0 })
}

/** The order this browser placed last (its confirmation, details and thank-you pages). */
export const readPlacedOrderRef = (request: Request) => readRef(placedOrderCookie, request)

export function placedOrderSetCookie(context: AppLoadContext, ref: OrderRef): Promise<string> {
  return placedOrderCookie.serialize(
    { number: ref.number, token: ref.token },
    { secure: context.secureCookies },
  )
}
