/**
 * Finds the order an /order/... or /thank-you page is about: by its number in `?number=`, opened
 * with the token this browser holds for it (the order just placed, the open cart, or one found
 * with the guest order lookup), or as the logged-in owner's order. When there is none, the page
 * explains itself and offers the lookup (issue 9: these pages answered 404).
 */
import { cartEndpoints, ORDER_NUMBER_PATTERN, type OrderJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { fetchOrder, isGone, storeCall, visitorToken } from './cart.server.ts'
import { readCartRef, readPlacedOrderRef } from './cart-cookie.server.ts'

/** The order, or which number was asked for (null when none or not a number) when it cannot be opened. */
export type PageOrder = { order: OrderJson; asked: string } | { order: null; asked: string | null }

export async function loadOrderForPage(url: URL, context: AppLoadContext): Promise<PageOrder> {
  const placed = readPlacedOrderRef(context)
  const cart = readCartRef(context)
  const token = await visitorToken(context)
  const param = url.searchParams.get('number')
  const asked = param ?? placed?.number ?? null
  if (!asked || !ORDER_NUMBER_PATTERN.test(asked)) return { order: null, asked: null }
  try {
    const ref = [placed, cart].find((candidate) => candidate?.number === asked)
    if (ref) return { order: await fetchOrder(context, ref), asked }
    if (token) {
      const { data: order } = await storeCall(context, cartEndpoints.order, {
        params: { number: asked },
        token,
      })
      return { order, asked }
    }
  } catch (error) {
    if (!isGone(error)) throw error
  }
  return { order: null, asked }
}
