/**
 * POST /cart/stock-alert: where the product page's 'Notify me' form sends the sold-out variation
 * and an e-mail address (a logged-in customer's own when left empty), passed on to the store API
 * (issue 9: one message when it is back in stock). With JavaScript the form stays on the product
 * page; without, this page shows the answer and the way back.
 */
import { cartEndpoints, safeRedirect, stockAlertSchema } from '@fanshop/core'
import { data, Link } from 'react-router'
import { formError } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { parseForm } from '../../site/form/cue-form.ts'
import { storeCall } from '../cart.server.ts'
import type { Route } from './+types/stock-alert'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Notify me') },
  { name: 'robots', content: 'noindex' },
]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'), '/shop')
  const submission = parseForm(stockAlertSchema, form, { autoCoercion: true })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), message: null, back }, { status: 400 })
  try {
    const { data: body } = await storeCall(context, cartEndpoints.requestStockAlert, {
      body: submission.value,
    })
    return { result: submission.reply(), message: body.message, back }
  } catch (error) {
    const refused = formError(error)
    return data(
      { result: submission.reply({ formErrors: [refused.message] }), message: null, back },
      { status: refused.statusCode },
    )
  }
}

// No loader: after a form posted without JavaScript, React Router runs the page's loaders as well,
// and a loader's redirect would replace the action's answer. Opened without posting, the page
// says where the form is.
export default function StockAlert({ actionData }: Route.ComponentProps) {
  const error = actionData?.result.error
  const problems = error ? Object.values(error).flat() : []
  return (
    <section className="order-page">
      <h1 className="order-page__title">Notify me</h1>
      {actionData ? (
        <p className="order-page__lead" role={actionData.message ? 'status' : 'alert'}>
          {actionData.message ?? problems.join(' ')}
        </p>
      ) : (
        <p className="order-page__lead">
          Choose a sold-out size on a product page to be told when it is back.
        </p>
      )}
      <Link to={actionData?.back ?? '/shop'} className="button">
        Back to the product
      </Link>
    </section>
  )
}
