/**
 * POST /cart/add: where the product page's plain form sends variant_id and quantity. It creates the
 * cart when there is none, adds the product, and goes back to the page it came from, which then
 * opens the cart panel or explains the failure (spec 8: 'Product is out of stock for requested
 * quantity.'). A quantity that is not a whole number from 1 to 99 (0, -3, 2.5) is not added but
 * refused in the shop's words. Works the same with or without JavaScript.
 */
import { lineItemInputSchema, safeRedirect } from '@fanshop/core'
import { redirect } from 'react-router'
import { addProduct } from '../cart.server.ts'
import { withCartFlash } from '../cart-flash.ts'
import type { Route } from './+types/cart-add'

/** The store API's own line rule (an id, 1 to 99), one unit when the form names no quantity. */
const addFormSchema = lineItemInputSchema.extend({ quantity: lineItemInputSchema.shape.quantity.default(1) })

/** The page to go back to: the form's redirectTo, else the referring page of this shop, else /shop. */
function backTo(request: Request, form: FormData): string {
  const referer = request.headers.get('referer')
  let fromReferer: string | null = null
  // A Referer that is not a URL (a client may send anything) is no page to go back to.
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer)
    const here = new URL(request.url)
    if (from.host === here.host) {
      from.searchParams.delete('cart')
      fromReferer = `${from.pathname}${from.search}`
    }
  }
  return safeRedirect(form.get('redirectTo') ?? fromReferer, '/shop')
}

export async function loader() {
  return redirect('/cart')
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const back = backTo(request, form)
  const parsed = addFormSchema.safeParse({
    variant_id: form.get('variant_id'),
    quantity: form.get('quantity') || undefined,
  })
  if (!parsed.success) {
    const quantityRefused = parsed.error.issues.some((issue) => issue.path[0] === 'quantity')
    return redirect(withCartFlash(back, quantityRefused ? 'bad-quantity' : 'failed'))
  }
  const outcome = await addProduct(context, parsed.data.variant_id, parsed.data.quantity)
  return redirect(withCartFlash(back, outcome))
}
