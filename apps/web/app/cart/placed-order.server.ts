/**
 * Finds the order an /order/... or /thank-you page is about: by its number in `?number=`, opened
 * with the token this browser holds for it (the order just placed, or the open cart), or as the
 * logged-in owner's order. Anyone else gets the 404 page, as the API answers them.
 */
import { ORDER_NUMBER_PATTERN, type OrderJson, orderJsonSchema } from '@fanshop/core'
import { type AppLoadContext, data } from 'react-router'
import { fetchOrder, isGone, storeApi, visitorToken } from './cart.server.ts'
import { readCartRef, readPlacedOrderRef } from './cart-cookie.server.ts'

const NOT_FOUND = 'This page could not be found'

export async function loadOrderForPage(request: Request, context: AppLoadContext): Promise<OrderJson> {
  const [placed, cart, token] = await Promise.all([
    readPlacedOrderRef(request),
    readCartRef(request),
    visitorToken(request, context),
  ])
  const asked = new URL(request.url).searchParams.get('number') ?? placed?.number ?? null
  if (!asked || !ORDER_NUMBER_PATTERN.test(asked)) throw data({ message: NOT_FOUND }, { status: 404 })
  try {
    const ref = [placed, cart].find((candidate) => candidate?.number === asked)
    if (ref) return await fetchOrder(request, context, ref)
    if (token) {
      const { data: body } = await storeApi(request, context, `/api/v1/orders/${asked}.json`)
      return orderJsonSchema.parse(body)
    }
  } catch (error) {
    if (!isGone(error)) throw error
  }
  throw data({ message: NOT_FOUND }, { status: 404 })
}
