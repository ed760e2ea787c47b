/**
 * One order in the back office: lines, totals, addresses, shipping, payments, refunds and the
 * timeline of what happened, with the actions the staff member's role allows: fulfil (carrier and
 * tracking number), cancel and refund (each confirmed in a modal dialog), resend the confirmation
 * e-mail, and internal notes. Forms are Conform over core's schemas, checked again by the API.
 */
import { type SubmissionResult, useForm } from '@conform-to/react'
import {
  type AdminOrder,
  adminOrderEndpoints,
  cancelOrderSchema,
  cancelRefusal,
  formatEuro,
  fulfilOrderSchema,
  fulfilRefusal,
  orderNoteSchema,
  refundFormSchema,
  refundRefusal,
} from '@fanshop/core'
import { useEffect, useState } from 'react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import type { z } from 'zod'
import { api, attempt, formText, load, refused } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { ConfirmDialog } from '../modal-dialog'
import { parseAsTyped } from '../parse-as-typed'
import { useMe } from '../routes/layout'
import { TableRegion } from '../table-region'
import type { Route } from './+types/order'
import { stateLabel } from './orders'

const SCHEMAS = {
  fulfil: fulfilOrderSchema,
  cancel: cancelOrderSchema,
  note: orderNoteSchema,
  refund: refundFormSchema,
} as const
type Intent = keyof typeof SCHEMAS | 'resend'

type ActionAnswer = { intent: Intent; ok: boolean; result: SubmissionResult<string[]>; message?: string }

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return load(adminOrderEndpoints.getOrder, { params: { number: params.number } })
}

export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<ActionAnswer> {
  const form = await request.formData()
  const intent = formText(form, 'intent') as Intent
  const number = params.number
  if (intent === 'resend') {
    const sent = await attempt(() => api(adminOrderEndpoints.resendConfirmation, { params: { number } }))
    if (sent.ok)
      return {
        intent,
        ok: true,
        result: { status: 'success' },
        message: 'The confirmation e-mail was sent again.',
      }
    return refused(
      { intent, ok: false, result: { status: 'error', error: { '': [sent.error] } } },
      sent.status,
    )
  }
  const submission = parseAsTyped(form, SCHEMAS[intent])
  if (submission.status !== 'success') return { intent, ok: false, result: submission.reply() }
  const value = submission.value as Record<string, unknown>
  const run = () => {
    if (intent === 'fulfil')
      return api(adminOrderEndpoints.fulfilOrder, {
        params: { number },
        body: value as z.input<typeof fulfilOrderSchema>,
      })
    if (intent === 'cancel')
      return api(adminOrderEndpoints.cancelOrder, {
        params: { number },
        body: value as z.input<typeof cancelOrderSchema>,
      })
    if (intent === 'note')
      return api(adminOrderEndpoints.addOrderNote, {
        params: { number },
        body: value as z.input<typeof orderNoteSchema>,
      })
    const refund = value as z.output<typeof refundFormSchema>
    return api(adminOrderEndpoints.refundOrder, {
      params: { number },
      body: { ...refund, lines: refund.lines.filter((line) => line.quantity > 0) },
    })
  }
  const done = await attempt(run)
  if (!done.ok)
    return refused({ intent, ok: false, result: submission.reply({ formErrors: [done.error] }) }, done.status)
  const messages: Record<Exclude<Intent, 'resend'>, string> = {
    fulfil: 'The order is shipped and the customer has the shipping e-mail.',
    cancel: 'The order is cancelled.',
    note: 'The note is added.',
    refund: 'The refund is done.',
  }
  return { intent, ok: true, result: submission.reply({ resetForm: true }), message: messages[intent] }
}

const answerFor = (answer: ActionAnswer | undefined, intent: Intent) =>
  answer?.intent === intent ? answer.result : undefined

function FulfilForm({ answer, busy }: { answer: ActionAnswer | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'fulfil',
    lastResult: answerFor(answer, 'fulfil'),
    onValidate: ({ formData }) => parseAsTyped(formData, fulfilOrderSchema),
    shouldValidate: 'onBlur',
    // Not again on blur: pressing the submit button blurs the field, its error line goes and the
    // button moves from under the pointer before the click lands, so nothing is sent.
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="stack">
      <input type="hidden" name="intent" value="fulfil" />
      <Field label="Carrier" name={fields.carrier.name} errors={fields.carrier.errors}>
        {(control) => <input {...control} />}
      </Field>
      <Field label="Tracking number" name={fields.trackingNumber.name} errors={fields.trackingNumber.errors}>
        {(control) => <input {...control} />}
      </Field>
      <FormErrors id={form.errorId} errors={form.errors} />
      <GuardedButton type="submit" unavailable={busy}>
        Mark as shipped
      </GuardedButton>
    </Form>
  )
}

function NoteForm({ answer, busy }: { answer: ActionAnswer | undefined; busy: boolean }) {
  // One key per note written: the note sent again (a retried request) is added once.
  const [key, setKey] = useState(() => crypto.randomUUID())
  useEffect(() => {
    if (answer?.intent === 'note' && answer.ok) setKey(crypto.randomUUID())
  }, [answer])
  const [form, fields] = useForm({
    id: 'note',
    lastResult: answerFor(answer, 'note'),
    onValidate: ({ formData }) => parseAsTyped(formData, orderNoteSchema),
    shouldValidate: 'onBlur',
    // Not again on blur: pressing the submit button blurs the field, its error line goes and the
    // button moves from under the pointer before the click lands, so nothing is sent.
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="stack">
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name={fields.key.name} value={key} />
      <Field label="Internal note" name={fields.text.name} errors={fields.text.errors}>
        {(control) => <textarea {...control} rows={3} />}
      </Field>
      <FormErrors id={form.errorId} errors={form.errors} />
      <GuardedButton type="submit" unavailable={busy}>
        Add note
      </GuardedButton>
    </Form>
  )
}

function CancelDialog({ answer, busy }: { answer: ActionAnswer | undefined; busy: boolean }) {
  const [open, setOpen] = useState(false)
  const [form, fields] = useForm({
    id: 'cancel',
    lastResult: answerFor(answer, 'cancel'),
    onValidate: ({ formData }) => parseAsTyped(formData, cancelOrderSchema),
  })
  useEffect(() => {
    if (answer?.intent === 'cancel' && answer.ok) setOpen(false)
  }, [answer])
  return (
    <ConfirmDialog opener="Cancel order…" title="Cancel this order?" open={open} onOpenChange={setOpen}>
      <p>Every unit goes back in stock and what was paid is refunded. This cannot be undone.</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="stack">
        <input type="hidden" name="intent" value="cancel" />
        <Field label="Reason (optional)" name={fields.reason.name} errors={fields.reason.errors}>
          {(control) => <input {...control} />}
        </Field>
        <FormErrors id={form.errorId} errors={form.errors} />
        <GuardedButton type="submit" className="danger" unavailable={busy}>
          Cancel the order
        </GuardedButton>
      </Form>
    </ConfirmDialog>
  )
}

function RefundDialog({
  order,
  answer,
  busy,
}: {
  order: AdminOrder
  answer: ActionAnswer | undefined
  busy: boolean
}) {
  const [open, setOpen] = useState(false)
  // One key per refund asked for: a double submit refunds once.
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [form, fields] = useForm({
    id: 'refund',
    lastResult: answerFor(answer, 'refund'),
    onValidate: ({ formData }) => parseAsTyped(formData, refundFormSchema),
  })
  useEffect(() => {
    if (answer?.intent === 'refund' && answer.ok) {
      setOpen(false)
      setKey(crypto.randomUUID())
    }
  }, [answer])
  const refundable = order.lines.filter((line) => line.quantity > line.refundedQuantity)
  return (
    <ConfirmDialog opener="Refund…" title="Refund this order" open={open} onOpenChange={setOpen}>
      <p>
        The money goes back through the payment provider: {formatEuro(order.paidTotal - order.refundedTotal)}{' '}
        is left to refund.
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="stack">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name={fields.key.name} value={key} />
        {refundable.map((line, index) => (
          <div key={line.id}>
            <input type="hidden" name={`lines[${index}].lineItemId`} value={line.id} />
            <Field
              label={`Units of ${line.name} to refund (of ${line.quantity - line.refundedQuantity})`}
              name={`lines[${index}].quantity`}
              errors={form.allErrors[`lines[${index}].quantity`]}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  max={line.quantity - line.refundedQuantity}
                  defaultValue={0}
                />
              )}
            </Field>
          </div>
        ))}
        <label className="check">
          <input type="checkbox" name={fields.shipping.name} /> Refund the shipping (
          {formatEuro(order.shipTotal)})
        </label>
        <label className="check">
          <input type="checkbox" name={fields.restock.name} defaultChecked /> Put the refunded units back in
          stock
        </label>
        <FormErrors id={form.errorId} errors={form.errors} />
        <GuardedButton type="submit" className="danger" unavailable={busy}>
          Refund
        </GuardedButton>
      </Form>
    </ConfirmDialog>
  )
}

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  const me = useMe()
  const answer = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const can = (permission: (typeof me.permissions)[number]) => me.permissions.includes(permission)
  const notice = answer?.ok ? answer.message : undefined
  return (
    <>
      <p>
        <Link to="/orders">All orders</Link>
      </p>
      <h1>Order {order.number}</h1>
      <div aria-live="polite">{notice ? <p className="notice">{notice}</p> : null}</div>
      <dl className="facts card">
        <dt>Placed</dt>
        <dd>{order.placedAt.replace('T', ' ').slice(0, 16)} UTC</dd>
        <dt>Customer</dt>
        <dd>
          {order.email ?? '—'}
          {order.customerId ? ` (account ${order.customerId})` : ' (guest)'}
        </dd>
        <dt>State</dt>
        <dd>{stateLabel(order.state)}</dd>
        <dt>Payment</dt>
        <dd>{stateLabel(order.paymentState)}</dd>
        <dt>Fulfilment</dt>
        <dd>{stateLabel(order.shipmentState)}</dd>
      </dl>

      <TableRegion label="Lines">
        <table>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Amount</th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td>{line.sku}</td>
                <td>{line.quantity}</td>
                <td>{formatEuro(line.unitPrice)}</td>
                <td>{formatEuro(line.amount)}</td>
                <td>
                  {line.refundedQuantity}
                  {line.restockedQuantity ? ` (${line.restockedQuantity} back in stock)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <dl className="facts card" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{formatEuro(order.itemTotal)}</dd>
        {order.coupon ? (
          <>
            <dt>
              Coupon {order.coupon.code} ({order.coupon.percent}%)
            </dt>
            <dd>{formatEuro(order.adjustmentTotal)}</dd>
          </>
        ) : null}
        <dt>Shipping</dt>
        <dd>{formatEuro(order.shipTotal)}</dd>
        <dt>Total</dt>
        <dd>{formatEuro(order.total)}</dd>
        <dt>Paid</dt>
        <dd>{formatEuro(order.paidTotal)}</dd>
        <dt>Refunded</dt>
        <dd>{formatEuro(order.refundedTotal)}</dd>
      </dl>

      <div className="columns">
        <section className="card" aria-labelledby="ship-heading">
          <h2 id="ship-heading">Shipping</h2>
          <address>
            {(order.shipAddress ?? ['No address']).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <p>Method: {order.shipping.method ?? '—'}</p>
          {order.shipping.carrier ? (
            <p>
              Shipped {order.shipping.shippedAt?.replace('T', ' ').slice(0, 16)} UTC with{' '}
              {order.shipping.carrier}, tracking number {order.shipping.trackingNumber}
            </p>
          ) : null}
        </section>
        <section className="card" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Payments</h2>
          <ul>
            {order.payments.map((payment) => (
              <li key={payment.id}>
                {payment.method}
                {payment.card ? `, ${payment.card}` : ''}: {formatEuro(payment.amount)} ({payment.state})
              </li>
            ))}
          </ul>
          {order.refunds.length ? (
            <>
              <h3>Refunds</h3>
              <ul>
                {order.refunds.map((refund) => (
                  <li key={refund.id}>
                    {formatEuro(refund.amount)} ({refund.state}) by {refund.staffEmail}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>

      <section className="card" aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        {answer && !answer.ok && answer.intent === 'resend' ? (
          <p role="alert" className="error">
            {answer.result.error?.['']?.[0]}
          </p>
        ) : null}
        <div className="inline">
          {can('orders.refund') && !cancelRefusal(order) ? (
            <CancelDialog answer={answer} busy={busy} />
          ) : null}
          {can('orders.refund') && !refundRefusal(order) ? (
            <RefundDialog order={order} answer={answer} busy={busy} />
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <GuardedButton type="submit" unavailable={busy || !order.email}>
              Resend confirmation e-mail
            </GuardedButton>
          </Form>
        </div>
        {can('orders.fulfil') && !fulfilRefusal(order) ? (
          <>
            <h3>Ship this order</h3>
            <FulfilForm answer={answer} busy={busy} />
          </>
        ) : null}
      </section>

      <section className="card" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline">
          {order.timeline.map((event) => (
            <li key={`${event.at} ${event.kind} ${event.text}`}>
              <time dateTime={event.at}>{event.at.replace('T', ' ').slice(0, 16)}</time> {event.text}
              {event.staffEmail ? ` (${event.staffEmail})` : ''}
            </li>
          ))}
        </ol>
        <NoteForm answer={answer} busy={busy} />
      </section>
    </>
  )
}
