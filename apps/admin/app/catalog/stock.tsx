/**
 * The stock page (issue 11): on hand, held, sold and available per variation side by side, kept
 * live (read again every 15 seconds while the page is shown, and when the window regains focus),
 * filtered by low or out of stock and searched by SKU or product; an adjustment of on hand with
 * its reason and note in a modal dialog (a Conform form over core's schema), which the API
 * refuses when it would leave less than carts hold and orders sold. The dialog reads the figures
 * again as it opens and shows those of the page's latest read while it stays open.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  adminStockEndpoints,
  MAX_SEARCH_TEXT,
  STOCK_FILTERS,
  type StockFilter,
  type StockRow,
  stockAdjustmentSchema,
} from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Form, useActionData, useNavigation, useRevalidator, useSearchParams } from 'react-router'
import { api, attempt, load, refused } from '../api'
import { DataTable, ListStatus, Pager } from '../data-table'
import { FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { FilterForm } from '../list-page'
import { parseAsTyped } from '../parse-as-typed'
import type { Route } from './+types/stock'

const PER_PAGE = 50
const LIVE_EVERY_MS = 15_000

const FILTER_LABELS: Record<StockFilter, string> = {
  all: 'All stock',
  low: 'Low stock',
  out: 'Out of stock',
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url)
  const filter = url.searchParams.get('filter')
  return load(adminStockEndpoints.listStock, {
    query: {
      q: url.searchParams.get('q') ?? undefined,
      filter: STOCK_FILTERS.includes(filter as StockFilter) ? (filter as StockFilter) : 'all',
      page: Number(url.searchParams.get('page') ?? 1) || 1,
      per_page: PER_PAGE,
    },
  })
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const formData = await request.formData()
  const submission = parseAsTyped(formData, stockAdjustmentSchema)
  const id = Number(formData.get('id'))
  if (submission.status !== 'success') return { result: submission.reply(), id, done: null }
  const outcome = await attempt(() =>
    api(adminStockEndpoints.adjustStock, { params: { id }, body: submission.value }),
  )
  if (!outcome.ok)
    return refused(
      { result: submission.reply({ formErrors: [outcome.error] }), id, done: null },
      outcome.status,
    )
  const { row } = outcome.value
  return {
    result: submission.reply({ resetForm: true }),
    id,
    done: `${row.sku}: on hand is now ${row.onHand}, available ${row.available}.`,
  }
}

/** Reads the page again while it is shown: every LIVE_EVERY_MS, and when the window regains focus. */
function useLiveFigures() {
  const { revalidate, state } = useRevalidator()
  const idle = useRef(true)
  idle.current = state === 'idle'
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible' && idle.current) revalidate()
    }
    const timer = setInterval(refresh, LIVE_EVERY_MS)
    window.addEventListener('focus', refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', refresh)
    }
  }, [revalidate])
}

function AdjustDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const { revalidate } = useRevalidator()
  const [form, fields] = useForm({
    id: `adjust-${row.id}`,
    lastResult: data?.id === row.id && !data.done ? data.result : undefined,
    defaultValue: { reason: 'received' },
    onValidate: ({ formData }) => parseAsTyped(formData, stockAdjustmentSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useEffect(() => {
    dialog.current?.showModal()
    // The page's figures may be up to LIVE_EVERY_MS old: read them again for the adjustment at hand.
    revalidate()
  }, [revalidate])
  useEffect(() => {
    if (data?.id === row.id && data.done) dialog.current?.close()
  }, [data, row.id])
  const title = `${row.productName}${row.variation ? ` (${row.variation})` : ''}`
  return (
    <dialog ref={dialog} aria-labelledby="adjust-heading" className="card" onClose={onClose}>
      <h2 id="adjust-heading">Adjust on hand: {title}</h2>
      <p>
        On hand {row.onHand}, held {row.held}, sold {row.sold}: available {row.available}.
      </p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="id" value={row.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.reason.id}>Reason</label>
        <select {...getSelectProps(fields.reason)}>
          {ADJUSTMENT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {ADJUSTMENT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        <label htmlFor={fields.quantity.id}>Units</label>
        <input {...getInputProps(fields.quantity, { type: 'number' })} min={0} inputMode="numeric" />
        {fields.quantity.errors ? (
          <p className="error" id={fields.quantity.errorId}>
            {fields.quantity.errors[0]}
          </p>
        ) : null}
        <label htmlFor={fields.note.id}>Note (why)</label>
        <textarea {...getTextareaProps(fields.note)} rows={3} />
        {fields.note.errors ? (
          <p className="error" id={fields.note.errorId}>
            {fields.note.errors[0]}
          </p>
        ) : null}
        <div className="inline">
          <GuardedButton type="submit" unavailable={busy}>
            Save adjustment
          </GuardedButton>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </Form>
    </dialog>
  )
}

const column = createColumnHelper<StockRow>()

export default function StockPage({ loaderData }: Route.ComponentProps) {
  useLiveFigures()
  const [params] = useSearchParams()
  const data = useActionData<typeof clientAction>()
  const [adjusting, setAdjusting] = useState<StockRow | null>(null)
  // The row's figures as the page's latest read has them (the row as opened if it has left the
  // page meanwhile): the dialog showed those of the moment it opened, however long it stayed open.
  const adjustingNow = adjusting && (loaderData.items.find((row) => row.id === adjusting.id) ?? adjusting)
  const filter = (params.get('filter') ?? 'all') as StockFilter
  // Made once: TanStack draws each cell function as a component, so new functions on every render
  // (the figures refresh every 15 s) drew new Adjust buttons and the keyboard's focus fell to the body.
  const columns = useMemo(
    () => [
      column.accessor('productName', { header: 'Product' }),
      column.accessor('variation', { header: 'Variation', cell: (info) => info.getValue() || '—' }),
      column.accessor('sku', { header: 'SKU' }),
      column.accessor('onHand', { header: 'On hand' }),
      column.accessor('held', { header: 'Held' }),
      column.accessor('sold', { header: 'Sold' }),
      column.accessor('available', {
        header: 'Available',
        cell: (info) => <strong>{info.getValue()}</strong>,
      }),
      column.display({
        id: 'adjust',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <button type="button" onClick={() => setAdjusting(info.row.original)}>
            Adjust<span className="visually-hidden"> {info.row.original.sku}</span>
          </button>
        ),
      }),
    ],
    [],
  )
  const link = (to: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(to))
    return `?${next}`
  }
  return (
    <>
      <h1>Stock</h1>
      <div aria-live="polite">{data?.done ? <p className="notice">{data.done}</p> : null}</div>
      <FilterForm className="inline card" role="search">
        <label htmlFor="stock-q">SKU or product</label>
        <input
          id="stock-q"
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          maxLength={MAX_SEARCH_TEXT}
        />
        <label htmlFor="stock-filter">Show</label>
        <select id="stock-filter" name="filter" defaultValue={filter}>
          {STOCK_FILTERS.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </select>
        <button type="submit">Search</button>
      </FilterForm>
      <ListStatus list={loaderData} noun="row(s)">
        Figures refresh by themselves.
      </ListStatus>
      <DataTable
        label="Stock per variation"
        columns={columns}
        data={loaderData.items}
        rowKey={(row) => String(row.id)}
        empty="No stock rows match."
      />
      <Pager list={loaderData} hrefOf={link} />
      {adjustingNow ? (
        <AdjustDialog key={adjustingNow.id} row={adjustingNow} onClose={() => setAdjusting(null)} />
      ) : null}
    </>
  )
}
