/**
 * The customer list (issue 11): search by name or e-mail, a page at a time, in a TanStack Table
 * whose rows link to each customer's page. Search and page live in the address, so a list can be
 * shared and the back button works.
 */
import { type CustomerSummary, customerEndpoints, MAX_SEARCH_TEXT } from '@fanshop/core'
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { Link } from 'react-router'
import { load } from '../api'
import { ListStatus, Pager, pageCount, TableView } from '../data-table'
import { FilterForm } from '../list-page'
import type { Route } from './+types/customers'

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams
  const search = params.get('search') ?? ''
  const page = Number(params.get('page') ?? 1) || 1
  return { search, result: await load(customerEndpoints.listCustomers, { query: { search, page } }) }
}

const column = createColumnHelper<CustomerSummary>()
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => <Link to={`/customers/${info.row.original.id}`}>{info.getValue() || '(no name)'}</Link>,
  }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('createdAt', { header: 'Since', cell: (info) => info.getValue().slice(0, 10) }),
  column.accessor('orders', { header: 'Orders' }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (row.original.erasedAt ? 'Erased' : row.original.disabledAt ? 'Disabled' : 'Active'),
  }),
]

export default function CustomersPage({ loaderData: { search, result } }: Route.ComponentProps) {
  const table = useReactTable({
    data: result.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    manualPagination: true,
    pageCount: pageCount(result),
    getRowId: (row) => String(row.id),
  })
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...(search ? { search } : {}), page: String(page) })}`
  return (
    <>
      <h1>Customers</h1>
      <FilterForm className="inline card" role="search" aria-label="Search customers">
        <label>
          Name or e-mail
          <input name="search" type="search" defaultValue={search} maxLength={MAX_SEARCH_TEXT} />
        </label>
        <button type="submit">Search</button>
      </FilterForm>
      <ListStatus list={result} noun="customer(s)" />
      <TableView table={table} label="Customers" />
      <Pager list={result} hrefOf={pageLink} />
    </>
  )
}
