/** The coupon list (issue 11): each coupon's percent, window, limits, uses and status; edit or end one. */
import { couponEndpoints } from '@fanshop/core'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load } from '../api'
import { TableRegion } from '../table-region'
import type { Route } from './+types/coupons'

export async function clientLoader() {
  return load(couponEndpoints.listCoupons)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number(formText(await request.formData(), 'id'))
  const result = await attempt(() => api(couponEndpoints.endCoupon, { params: { id } }))
  return result.ok ? { message: `${result.value.code} has ended.` } : { error: result.error }
}

/** An instant as the staff member's local date and time. */
const when = (value: string | null) =>
  value === null ? '—' : new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h1>Coupons</h1>
      <p>
        <Link to="/coupons/new">New coupon</Link>
      </p>
      <div aria-live="polite">
        {data && 'error' in data ? (
          <p role="alert" className="error">
            {data.error}
          </p>
        ) : data ? (
          <p className="notice">{data.message}</p>
        ) : null}
      </div>
      <TableRegion label="Coupons">
        <table>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Starts</th>
              <th scope="col">Ends</th>
              <th scope="col">Uses</th>
              <th scope="col">Per customer</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.items.map((coupon) => (
              <tr key={coupon.id}>
                <td>
                  <Link to={`/coupons/${coupon.id}`} aria-label={`Edit ${coupon.code}`}>
                    {coupon.code}
                  </Link>
                </td>
                <td>{coupon.amount}% on full basket</td>
                <td>{when(coupon.startsAt)}</td>
                <td>{when(coupon.endsAt)}</td>
                <td>
                  {coupon.uses}
                  {coupon.usageLimit === null ? '' : ` of ${coupon.usageLimit}`}
                </td>
                <td>{coupon.perCustomerLimit ?? 'no limit'}</td>
                <td>{coupon.status}</td>
                <td>
                  {coupon.status === 'ended' ? null : (
                    <Form method="post">
                      <input type="hidden" name="id" value={coupon.id} />
                      <button type="submit" disabled={busy} aria-label={`End ${coupon.code} now`}>
                        End now
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  )
}
