/** The coupon list (issue 11): each coupon's percent, window, limits, uses and status; edit or end one. */
import { type AdminCoupon, couponEndpoints } from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { Link, useActionData } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { ListPage, RowAction } from '../list-page'
import type { Route } from './+types/coupons'

export async function clientLoader() {
  return load(couponEndpoints.listCoupons)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number(formText(await request.formData(), 'id'))
  const result = await attempt(() => api(couponEndpoints.endCoupon, { params: { id } }))
  return result.ok
    ? { message: `${result.value.code} has ended.` }
    : refused({ error: result.error }, result.status)
}

/** An instant as the staff member's local date and time. */
const when = (value: string | null) =>
  value === null ? '—' : new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

const column = createColumnHelper<AdminCoupon>()

// Made once: TanStack draws each cell function as a component, so new functions on every render
// (each action and its reload) drew new End now buttons and the keyboard's focus fell to the body.
const columns = [
  column.accessor('code', {
    header: 'Code',
    cell: ({ row: { original: coupon } }) => (
      <Link to={`/coupons/${coupon.id}`} aria-label={`Edit ${coupon.code}`}>
        {coupon.code}
      </Link>
    ),
  }),
  column.accessor('amount', {
    header: 'Discount',
    cell: ({ getValue }) => `${getValue()}% on full basket`,
  }),
  column.accessor('startsAt', { header: 'Starts', cell: ({ getValue }) => when(getValue()) }),
  column.accessor('endsAt', { header: 'Ends', cell: ({ getValue }) => when(getValue()) }),
  column.accessor('uses', {
    header: 'Uses',
    cell: ({ row: { original: coupon } }) =>
      coupon.usageLimit === null ? coupon.uses : `${coupon.uses} of ${coupon.usageLimit}`,
  }),
  column.accessor('perCustomerLimit', {
    header: 'Per customer',
    cell: ({ getValue }) => getValue() ?? 'no limit',
  }),
  column.accessor('status', { header: 'Status' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: coupon } }) =>
      coupon.status === 'ended' ? null : (
        <RowAction kind="end" row={coupon.id} fields={{ id: coupon.id }} label={`End ${coupon.code} now`}>
          End now
        </RowAction>
      ),
  }),
]

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      title="Coupons"
      create={{ to: '/coupons/new', label: 'New coupon' }}
      outcome={useActionData<typeof clientAction>()}
      label="Coupons"
      columns={columns}
      rows={loaderData.items}
      rowKey={(coupon) => String(coupon.id)}
      empty="No coupons yet."
    />
  )
}
