/**
 * Every change to the bag is followed by a refetch (spec 4), a refused one too. React Router loads
 * nothing again after an action that answered 4xx, but a refused change to the bag most often
 * means the bag changed elsewhere (a line removed in another tab, a hold that ran out, stock taken
 * by other fans): without the refetch the page kept showing the line that was gone, and the next
 * step refused a bag it still showed as full.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router'

/** The paths the bag's changes are posted to (cart/routes.ts). */
const CART_CHANGE_PATHS = new Set(['/cart', '/cart/add'])

/** Whether this revalidation follows a change to the bag the server refused. */
export function refusedCartChange({
  formMethod,
  formAction,
  actionStatus,
}: Pick<ShouldRevalidateFunctionArgs, 'formMethod' | 'formAction' | 'actionStatus'>): boolean {
  if (formMethod === undefined || formMethod === 'GET' || formAction === undefined) return false
  if (actionStatus === undefined || actionStatus < 400) return false
  return CART_CHANGE_PATHS.has(new URL(formAction, 'http://shop.invalid').pathname)
}
