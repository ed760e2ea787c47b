/**
 * One customer (issue 11): profile, saved addresses and orders; disable or enable the account,
 * download their data, and erase it on request after a confirmation that says what is kept.
 */
import { customerEndpoints, ERASURE_KEEPS, formatEuro } from '@fanshop/core'
import { useRef } from 'react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { GuardedButton } from '../guarded-button'
import { ActionOutcome } from '../list-page'
import { TableRegion } from '../table-region'
import type { Route } from './+types/customer'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return load(customerEndpoints.customer, { params: { id: Number(params.id) } })
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const form = await request.formData()
  const id = Number(params.id)
  if (formText(form, 'intent') === 'erase') {
    const result = await attempt(() => api(customerEndpoints.eraseCustomer, { params: { id } }))
    return result.ok
      ? { message: `Personal data erased; ${result.value.orders} order(s) keep only their legal minimum.` }
      : refused({ error: result.error }, result.status)
  }
  const disabled = formText(form, 'intent') === 'disable'
  const result = await attempt(() =>
    api(customerEndpoints.setCustomerStatus, { params: { id }, body: { disabled } }),
  )
  if (!result.ok) return refused({ error: result.error }, result.status)
  return {
    message: disabled
      ? 'The account is disabled: its sessions ended and it cannot log in.'
      : 'The account is enabled again.',
  }
}

export default function CustomerPage({ loaderData: { customer, addresses, orders } }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const dialog = useRef<HTMLDialogElement>(null)
  const status = customer.erasedAt ? 'Erased' : customer.disabledAt ? 'Disabled' : 'Active'
  return (
    <>
      <p>
        <Link to="/customers">All customers</Link>
      </p>
      <h1>{customer.name || 'Customer'}</h1>
      <ActionOutcome outcome={data} />
      <dl className="figures">
        <div>
          <dt>E-mail</dt>
          <dd>{customer.email}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{status}</dd>
        </div>
        <div>
          <dt>Customer since</dt>
          <dd>{customer.createdAt.slice(0, 10)}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div>
          <dt>Open sessions</dt>
          <dd>{customer.activeSessions}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{customer.phone ?? '—'}</dd>
        </div>
      </dl>
      {customer.erasedAt ? null : (
        <section aria-labelledby="actions-heading" className="card inline">
          <h2 id="actions-heading" className="visually-hidden">
            Actions
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value={customer.disabledAt ? 'enable' : 'disable'} />
            <GuardedButton type="submit" unavailable={busy}>
              {customer.disabledAt ? 'Enable the account' : 'Disable the account'}
            </GuardedButton>
          </Form>
          <a href={`/admin/api/customers/${customer.id}/export`} download={`customer-${customer.id}.json`}>
            Download their data (JSON)
          </a>
          <button type="button" onClick={() => dialog.current?.showModal()}>
            Erase personal data…
          </button>
        </section>
      )}
      <dialog ref={dialog} aria-labelledby="erase-heading" className="card">
        <h2 id="erase-heading">Erase {customer.email}'s personal data?</h2>
        <p>
          The account is anonymised and disabled; addresses, logins, alerts and messages are deleted. This
          cannot be undone. Each order keeps only:
        </p>
        <ul>
          {ERASURE_KEEPS.map((kept) => (
            <li key={kept}>{kept}</li>
          ))}
        </ul>
        <Form method="post" className="inline" onSubmit={() => dialog.current?.close()}>
          <input type="hidden" name="intent" value="erase" />
          <button type="submit">Erase personal data</button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </Form>
      </dialog>
      <h2>Addresses</h2>
      {addresses.length === 0 ? (
        <p>No saved addresses.</p>
      ) : (
        <ul>
          {addresses.map((address) => (
            <li key={address.id}>
              {address.firstname} {address.lastname}, {address.address1}
              {address.address2 ? `, ${address.address2}` : ''}, {address.zipcode} {address.city},{' '}
              {address.country}
              {address.phone ? ` (${address.phone})` : ''}
            </li>
          ))}
        </ul>
      )}
      <h2>Orders</h2>
      {orders.length === 0 ? (
        <p>No orders placed.</p>
      ) : (
        <TableRegion label="Orders">
          <table>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Placed (UTC)</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Payment</th>
                <th scope="col">Shipment</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>{order.number}</td>
                  <td>{order.completedAt?.replace('T', ' ').slice(0, 16) ?? '—'}</td>
                  <td>{order.itemCount}</td>
                  <td>{formatEuro(order.total)}</td>
                  <td>{order.paymentState ?? '—'}</td>
                  <td>{order.shipmentState ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </>
  )
}
