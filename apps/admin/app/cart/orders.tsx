/**
 * The orders list of the back office: filters (state, payment, fulfilment, placed days, customer),
 * search by number or e-mail, sorting and paging done by the API (the URL holds them, so a list
 * can be shared and reloaded), the table drawn with TanStack Table, and a CSV export of the same
 * filtered list.
 */
import {
  ADMIN_ORDER_STATES,
  type AdminOrderSummary,
  adminOrderEndpoints,
  EMAIL_MAX_LENGTH,
  endpointPath,
  formatEuro,
  ORDER_SORTS,
  PAYMENT_STATES,
  SHIPMENT_STATES,
} from '@fanshop/core'
import { type ColumnDef, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table'
import { Link, useSearchParams } from 'react-router'
import { load } from '../api'
import { ListStatus, Pager, TableView } from '../data-table'
import { FilterForm } from '../list-page'
import type { Route } from './+types/orders'

const FILTERS = ['q', 'state', 'payment', 'fulfilment', 'customer', 'from', 'to', 'sort', 'dir'] as const

export const stateLabel = (state: string | null) => (state ?? '—').replace(/_/g, ' ')

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams
  const filters = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) || undefined])) as Record<
    (typeof FILTERS)[number],
    string | undefined
  >
  const page = Number(search.get('page') ?? 1) || 1
  // The query is checked by the API (400 with a message); the page shows what it answers.
  const result = await load(adminOrderEndpoints.listOrders, {
    query: { ...filters, page } as never,
  })
  return { filters, result }
}

const columns: ColumnDef<AdminOrderSummary>[] = [
  {
    id: 'number',
    header: 'Order',
    cell: ({ row }) => <Link to={`/orders/${row.original.number}`}>{row.original.number}</Link>,
  },
  {
    id: 'placed',
    header: 'Placed (UTC)',
    cell: ({ row }) => row.original.placedAt.replace('T', ' ').slice(0, 16),
  },
  { id: 'email', header: 'Customer', cell: ({ row }) => row.original.email ?? '—' },
  { id: 'items', header: 'Items', enableSorting: false, cell: ({ row }) => row.original.itemCount },
  { id: 'total', header: 'Total', cell: ({ row }) => formatEuro(row.original.total) },
  { id: 'state', header: 'State', enableSorting: false, cell: ({ row }) => stateLabel(row.original.state) },
  {
    id: 'payment',
    header: 'Payment',
    enableSorting: false,
    cell: ({ row }) => stateLabel(row.original.paymentState),
  },
  {
    id: 'fulfilment',
    header: 'Fulfilment',
    enableSorting: false,
    cell: ({ row }) => stateLabel(row.original.shipmentState),
  },
]

function Select({
  name,
  label,
  options,
  value,
}: {
  name: string
  label: string
  options: readonly string[]
  value: string | undefined
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {stateLabel(option)}
          </option>
        ))}
      </select>
    </label>
  )
}

export default function OrdersPage({ loaderData: { filters, result } }: Route.ComponentProps) {
  const [search, setSearch] = useSearchParams()
  const sort = (ORDER_SORTS as readonly string[]).includes(filters.sort ?? '') ? filters.sort! : 'placed'
  const sorting: SortingState = [{ id: sort, desc: (filters.dir ?? 'desc') === 'desc' }]
  const table = useReactTable({
    data: result.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      if (!next) return
      const params = new URLSearchParams(search)
      params.set('sort', next.id)
      params.set('dir', next.desc ? 'desc' : 'asc')
      params.delete('page')
      setSearch(params)
    },
  })
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(page))
    return `?${params}`
  }
  const exportParams = new URLSearchParams(search)
  exportParams.delete('page')
  const exportUrl = `${endpointPath(adminOrderEndpoints.exportOrders)}${exportParams.size ? `?${exportParams}` : ''}`
  return (
    <>
      <h1>Orders</h1>
      <FilterForm className="inline card" aria-label="Filter the orders">
        <label>
          Number or e-mail
          <input name="q" type="search" defaultValue={filters.q} maxLength={EMAIL_MAX_LENGTH} />
        </label>
        <Select name="state" label="State" options={ADMIN_ORDER_STATES} value={filters.state} />
        <Select name="payment" label="Payment" options={PAYMENT_STATES} value={filters.payment} />
        <Select name="fulfilment" label="Fulfilment" options={SHIPMENT_STATES} value={filters.fulfilment} />
        <label>
          Customer id
          <input name="customer" inputMode="numeric" pattern="\d*" defaultValue={filters.customer} />
        </label>
        <label>
          Placed from
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          Placed to
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        {filters.dir ? <input type="hidden" name="dir" value={filters.dir} /> : null}
        <button type="submit">Filter</button>
      </FilterForm>
      <ListStatus list={result} noun="order(s)">
        <a href={exportUrl} download>
          Export these orders as CSV
        </a>
      </ListStatus>
      <TableView table={table} label="Orders" />
      <Pager list={result} hrefOf={pageLink} />
    </>
  )
}
