/**
 * The storefront's side of the store API: every cart call goes through here with the cart's
 * order_token, the visitor's login (Bearer) and their launch access grant, so the API sees the
 * same visitor the page does. Failures the spec only logs are logged with its words (spec 8).
 */
import {
  cartEndpoints,
  type Endpoint,
  type EndpointResponse,
  type ImageJson,
  type LimitRefusal,
  launchInstant,
  type OrderJson,
  type ReturnedItemJson,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { getAuthToken, getUser } from '../accounts/session.server.ts'
import { ApiError, type ApiResponse, type CallRequest, call, formError } from '../api.server.ts'
import { accessGrantHeaders } from '../launch/access-grant.server.ts'
import { type Visitor, visitorOf } from '../site/visitor.server.ts'
import { forgetCart, keepCart, type OrderRef, readCartRef } from './cart-cookie.server.ts'
import { type LimitFlash, limitFlash } from './cart-flash.ts'
import { CART_TEXT } from './texts.ts'

/**
 * The visitor's login token while it is still valid (an expired or revoked one would make the store
 * API answer 401 to every cart call; such a visitor shops as a guest).
 */
export async function visitorToken(context: AppLoadContext): Promise<string | null> {
  return (await getUser(context)) ? getAuthToken(context) : null
}

/** The path and query that open an order: its number and the guest's key to it. */
export const orderArgs = (ref: OrderRef) => ({
  params: { number: ref.number },
  query: { order_token: ref.token },
})

/**
 * Calls a store endpoint as this visitor: with their login (unless the call brings its own) and
 * their launch access grant, so the API sees the same visitor the page does.
 */
export async function storeCall<E extends Endpoint & { bearer: true | 'optional' }>(
  context: AppLoadContext,
  endpoint: E,
  args: CallRequest<E>,
): Promise<ApiResponse<EndpointResponse<E>>> {
  const token = args.token ?? (await visitorToken(context))
  const writes = endpoint.method !== 'GET'
  if (writes) cartReads.delete(visitorOf(context))
  try {
    return await call(context, endpoint, {
      ...args,
      token,
      headers: { ...accessGrantHeaders(context), ...args.headers },
    })
  } finally {
    if (writes) cartReads.delete(visitorOf(context))
  }
}

/**
 * An order this browser holds the token of, read with that token alone: the token opens the order
 * whoever asks, and the login would only have the API check the session again that users/me has
 * just checked (the owner's rule is `readCart`'s, with the login the page already knows).
 */
export const fetchOrder = async (context: AppLoadContext, ref: OrderRef) =>
  (await call(context, cartEndpoints.order, orderArgs(ref))).data

/** An order as pages may send it to the browser: without its token, which stays in the httpOnly cookie. */
export type PublicOrder = Omit<OrderJson, 'token'>

export function publicOrder(order: OrderJson): PublicOrder {
  const { token: _secret, ...visible } = order
  return visible
}

/** True for the answers that mean "this cart is gone for this visitor" (placed, merged, unknown). */
export const isGone = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 401)

/**
 * This request's read of the visitor's cart: the root frame and the cart or checkout page ask for
 * it side by side. It holds while the session names the same cart and login; any write through
 * `storeCall` forgets it, so a page drawn after an action reads the cart the action left.
 */
const cartReads = new WeakMap<
  Visitor,
  { ref: OrderRef; token: string | null; read: Promise<OrderJson | null> }
>()

/**
 * The visitor's open cart, or null when they have none (no cookie, placed, merged into an account,
 * or it belongs to an account they are not logged in to). A failure is logged and treated as none.
 * Read once per request (`cartReads`).
 */
export function loadCart(context: AppLoadContext): Promise<OrderJson | null> {
  const ref = readCartRef(context)
  if (!ref) return Promise.resolve(null)
  const visitor = visitorOf(context)
  const kept = cartReads.get(visitor)
  if (kept && kept.ref === ref && kept.token === visitor.authToken) return kept.read
  const read = readCart(context, ref)
  cartReads.set(visitor, { ref, token: visitor.authToken, read })
  return read
}

async function readCart(context: AppLoadContext, ref: OrderRef): Promise<OrderJson | null> {
  try {
    const [order, token] = await Promise.all([fetchOrder(context, ref), visitorToken(context)])
    if (order.state === 'complete') return null
    if (order.user_id !== null && !token) return null
    return order
  } catch (error) {
    if (!isGone(error)) console.error('error during fetching existing cart', error)
    return null
  }
}

/** A new, empty cart for this visitor, kept in their session (spec 4: initialise). */
export async function createCart(context: AppLoadContext): Promise<OrderJson> {
  try {
    const { data: order } = await storeCall(context, cartEndpoints.createOrder, { body: {} })
    keepCart(context, order)
    return order
  } catch (error) {
    console.error('error during initializing cart', error)
    throw error
  }
}

/** One cart line as the cart panel and the /cart page show it (spec 3: cart product). */
export interface CartLine {
  id: number
  variantId: number
  name: string
  /** The variant's option presentations ("Black, M"); empty for a simple product. */
  options: string
  slug: string
  image: ImageJson | null
  quantity: number
  /** The tightest limit on the product, and the most units this line may hold under it (the API's max_quantity). */
  limit: LimitRefusal
  maxQuantity: number
  displayPrice: string
  displayAmount: string
}

/** The cart as the frame carries it to every page: enough for the panel and the header's count. */
export interface FrameCart {
  count: number
  lines: CartLine[]
  displayItemTotal: string
  /** When the 1-hour hold ends (ISO), or null when nothing is held. */
  expiresAt: string | null
  expiredItems: ReturnedItemJson[]
  /** What the last login's merge gave back over the per-fan cap, until the cart's next change. */
  cappedItems: ReturnedItemJson[]
  /** The server's clock when the cart was read, so the hold timer does not trust the device clock. */
  serverNow: number
}

export function cartLines(order: OrderJson): CartLine[] {
  return order.line_items.map((line) => ({
    id: line.id,
    variantId: line.variant_id,
    name: line.name,
    options: line.variant?.option_values.map((option) => option.presentation).join(', ') ?? '',
    slug: line.slug,
    image: line.image,
    quantity: line.quantity,
    limit: line.limit,
    maxQuantity: line.max_quantity,
    displayPrice: line.display_price,
    displayAmount: line.display_amount,
  }))
}

export async function loadFrameCart(context: AppLoadContext): Promise<FrameCart | null> {
  const order = await loadCart(context)
  if (!order) return null
  return {
    count: order.item_count,
    lines: cartLines(order),
    displayItemTotal: order.display_item_total,
    expiresAt: order.expires_at,
    expiredItems: order.expired_items,
    cappedItems: order.capped_items,
    serverNow: Date.now(),
  }
}

/** What the cart's actions answer: the page and the fetchers show it (spec 8 dialogs). */
export interface CartActionResult {
  /** A failure to show in the 'Okay!' dialog. */
  error?: string
  /** Without JavaScript, lowering a quantity below 1 asks first: the line to confirm. */
  confirmRemove?: number
  couponError?: string
  couponApplied?: string
}

/**
 * A 422 of the cart's API in the shop's words: a limit's refusal (per order, per fan) as the API
 * says it, anything else as the spec's out-of-stock message.
 */
const refusedChange = (error: ApiError): string => (error.limit ? error.message : CART_TEXT.outOfStock)

/** Sets a line's quantity; a limit's refusal says so, any other failure reads as out of stock. */
export async function changeQuantity(
  context: AppLoadContext,
  lineId: number,
  quantity: number,
): Promise<CartActionResult> {
  const ref = readCartRef(context)
  if (!ref) return { error: CART_TEXT.outOfStock }
  try {
    await storeCall(context, cartEndpoints.setLineQuantity, {
      params: { number: ref.number, lineItemId: lineId },
      query: { order_token: ref.token, 'line_item[quantity]': quantity },
    })
    return {}
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { error: error.statusCode === 422 ? refusedChange(error) : CART_TEXT.outOfStock }
  }
}

/**
 * Removes a line. Removing the last one resets the cart (spec 4): the old cart is forgotten and a
 * new one created in the visitor's session.
 */
export async function removeLine(context: AppLoadContext, lineId: number): Promise<CartActionResult> {
  const ref = readCartRef(context)
  if (!ref) return { error: CART_TEXT.removeFailed }
  try {
    await storeCall(context, cartEndpoints.removeLineItem, {
      params: { number: ref.number, lineItemId: lineId },
      query: { order_token: ref.token },
    })
    const order = await fetchOrder(context, ref)
    if (order.line_items.length > 0) return {}
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { error: CART_TEXT.removeFailed }
  }
  try {
    await createCart(context)
  } catch {
    forgetCart(context)
  }
  return {}
}

/** A coupon's answer to the cart's action, with the status its page answers. */
export type CouponOutcome = CartActionResult & { status: number }

/** The coupon form's message for a refusal, and the refusal's status (formError's rule). */
function couponRefused(error: unknown): CouponOutcome {
  const refused = formError(error)
  return { couponError: refused.message, status: refused.statusCode }
}

export async function applyCouponCode(context: AppLoadContext, code: string): Promise<CouponOutcome> {
  const ref = readCartRef(context)
  if (!ref) return { couponError: 'Add a product to your bag first.', status: 422 }
  try {
    const { data: order } = await storeCall(context, cartEndpoints.applyCoupon, {
      ...orderArgs(ref),
      body: { coupon_code: code },
    })
    return { couponApplied: order.coupon?.code, status: 200 }
  } catch (error) {
    return couponRefused(error)
  }
}

export async function removeCouponCode(context: AppLoadContext, code: string): Promise<CouponOutcome> {
  const ref = readCartRef(context)
  if (!ref) return { status: 200 }
  try {
    await storeCall(context, cartEndpoints.removeCoupon, {
      params: { number: ref.number, code },
      query: { order_token: ref.token },
    })
    return { status: 200 }
  } catch (error) {
    return couponRefused(error)
  }
}

export type AddOutcome = 'added' | 'out-of-stock' | 'closed' | 'queue' | 'failed' | LimitFlash

/**
 * Adds a product to the visitor's cart, creating the cart first when there is none (a logged-in
 * visitor gets back the cart their account already has).
 */
export async function addProduct(
  context: AppLoadContext,
  variantId: number,
  quantity: number,
): Promise<AddOutcome> {
  try {
    let cart = await loadCart(context)
    if (!cart) {
      cart = (await accountCart(context)) ?? (await createCart(context))
      keepCart(context, cart)
    }
    await storeCall(context, cartEndpoints.addLineItem, {
      ...orderArgs(cart),
      body: { line_item: { variant_id: variantId, quantity } },
    })
    return 'added'
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.statusCode === 422) return error.limit ? limitFlash(error.limit) : 'out-of-stock'
    if (error.statusCode === 403) {
      // After the launch only the drop's waiting room refuses: the fan needs a pass.
      return Date.now() >= launchInstant(context.launchAt, context.shopTz) ? 'queue' : 'closed'
    }
    console.error('error during adding to cart', error)
    return 'failed'
  }
}

/** The open cart of the logged-in visitor's account, if any. */
async function accountCart(context: AppLoadContext, token?: string): Promise<OrderJson | null> {
  const bearer = token ?? (await visitorToken(context))
  if (!bearer) return null
  return (await storeCall(context, cartEndpoints.currentOrder, { token: bearer })).data
}

/**
 * What a login brings along for the cart (spec: a guest's cart is kept when they log in): the guest
 * cart is handed to the account, merged into the account's open cart, and the session then points
 * at the cart to keep; without a guest cart it points at the account's open cart. Answers
 * 'capped' when the per-fan cap sent merged units back to the shop, for the page to say so.
 * Never fails a login.
 */
export async function keepCartAfterLogin(context: AppLoadContext, token: string): Promise<'capped' | null> {
  try {
    const guest = readCartRef(context)
    if (guest) {
      try {
        const { data: kept } = await storeCall(context, cartEndpoints.associateOrder, {
          ...orderArgs(guest),
          token,
        })
        keepCart(context, kept)
        return kept.capped_items?.length ? 'capped' : null
      } catch (error) {
        if (!isGone(error) && !(error instanceof ApiError && error.statusCode === 422)) throw error
      }
    }
    await keepAccountCart(context, token)
  } catch (error) {
    console.error('error during fetching existing cart', error)
  }
  return null
}

/** Points the session at the account's open cart, with the token the API answers this login; none: forgotten. */
async function keepAccountCart(context: AppLoadContext, token: string): Promise<void> {
  const own = await accountCart(context, token)
  if (own) keepCart(context, own)
  else forgetCart(context)
}

/**
 * After a password change, which ended the account's other sessions and with them its carts'
 * tokens (the API draws new ones), the session keeps the cart's new token; a failure is logged and
 * leaves the cart to the next login.
 */
export async function keepCartAfterPasswordChange(context: AppLoadContext, token: string): Promise<void> {
  try {
    await keepAccountCart(context, token)
  } catch (error) {
    console.error('error during fetching existing cart', error)
  }
}
