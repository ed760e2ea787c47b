/**
 * /order/lookup: a guest finds a placed order again with its number and e-mail address (issue 9),
 * from any device. The store API answers the order's token, kept in the placed-order cookie like
 * the browser that placed it, and the fan lands on the order's details. The order pages show the
 * same form when they cannot tell which order is meant; without JavaScript it posts here.
 */
import { cartEndpoints, orderLookupSchema } from '@fanshop/core'
import { data, redirect } from 'react-router'
import { callData, formError } from '../../api.server.ts'
import { parseForm } from '../../site/form/cue-form.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { keepPlacedOrder } from '../cart-cookie.server.ts'
import { OrderLookupForm } from '../order-lookup-form.tsx'
import { FIND_YOUR_ORDER } from '../which-order.tsx'
import type { Route } from './+types/order-lookup'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'order-lookup' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(FIND_YOUR_ORDER) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url }: Route.LoaderArgs) {
  return { number: url.searchParams.get('number') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(orderLookupSchema, await request.formData(), { autoCoercion: true })
  if (submission.status !== 'success') return { result: submission.reply() }
  try {
    const found = await callData(context, cartEndpoints.lookupOrder, { body: submission.value })
    keepPlacedOrder(context, found)
    throw redirect(`/order/details?number=${found.number}`)
  } catch (error) {
    const refused = formError(error)
    return data(
      { result: submission.reply({ formErrors: [refused.message] }) },
      { status: refused.statusCode },
    )
  }
}

export default function OrderLookup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="order-page__title">{FIND_YOUR_ORDER}</h1>
      <OrderLookupForm number={loaderData.number} lastResult={actionData?.result}>
        Enter the order number from your confirmation e-mail and the e-mail address you ordered with.
      </OrderLookupForm>
    </>
  )
}
