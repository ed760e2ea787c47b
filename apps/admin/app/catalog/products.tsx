/**
 * The products list (issue 11): a TanStack Table whose search, filters, sorting and paging live in
 * the address and are done by the API; rows can be selected and published or unpublished at once.
 */
import {
  adminCatalogEndpoints,
  MAX_SEARCH_TEXT,
  PRODUCT_SORTS,
  PRODUCT_STATE_LABELS,
  PRODUCT_STATES,
  type ProductRow,
  type ProductSort,
  STOCK_STATE_LABELS,
  STOCK_STATES,
} from '@fanshop/core'
import {
  createColumnHelper,
  getCoreRowModel,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table'
import { useState } from 'react'
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { ListStatus, Pager, pageCount, TableView } from '../data-table'
import { GuardedButton } from '../guarded-button'
import { ActionOutcome, FilterForm } from '../list-page'
import type { Route } from './+types/products'

const FILTERS = ['search', 'category', 'status', 'stock', 'sort', 'order', 'page'] as const

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams
  const query = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) || undefined]))
  const [result, options] = await Promise.all([
    load(adminCatalogEndpoints.listProducts, { query }),
    load(adminCatalogEndpoints.catalogueOptions),
  ])
  return { result, categories: options.categories }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const status = formText(form, 'status') === 'draft' ? 'draft' : 'published'
  const ids = form.getAll('ids').map(Number)
  const result = await attempt(() => api(adminCatalogEndpoints.productStatus, { body: { ids, status } }))
  return result.ok
    ? { message: `${result.value.updated} product(s) ${status === 'draft' ? 'unpublished' : 'published'}.` }
    : refused({ error: result.error }, result.status)
}

const column = createColumnHelper<ProductRow>()
const SORTABLE: Record<string, ProductSort> = {
  name: 'name',
  sku: 'sku',
  price: 'price',
  available: 'stock',
  status: 'status',
  updatedAt: 'updated',
}

const columns = [
  column.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every product on this page"
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.name}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => <Link to={`/products/${row.original.id}`}>{row.original.name}</Link>,
  }),
  column.accessor('sku', { header: 'SKU' }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) =>
      row.original.status === 'scheduled' && row.original.publishAt
        ? `Scheduled for ${new Date(row.original.publishAt).toLocaleString()}`
        : PRODUCT_STATE_LABELS[row.original.status],
  }),
  column.accessor('price', { header: 'Price', cell: ({ getValue }) => `€${getValue()}` }),
  column.accessor('available', {
    header: 'Stock',
    cell: ({ row }) => `${row.original.available} (${STOCK_STATE_LABELS[row.original.stockState]})`,
  }),
  column.accessor('categories', {
    header: 'Categories',
    enableSorting: false,
    cell: ({ getValue }) => getValue().join(', '),
  }),
  column.accessor('updatedAt', {
    header: 'Updated',
    cell: ({ getValue }) => new Date(getValue()).toLocaleDateString(),
  }),
]

export default function ProductsPage({ loaderData: { result, categories } }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const [params, setParams] = useSearchParams()
  // A selection belongs to the list it was made on: a new list (another filter or page, or the
  // same after a change) starts with none, so Publish never acts on rows no longer shown.
  const [picked, setPicked] = useState<{ list: typeof result; rows: RowSelectionState }>({
    list: result,
    rows: {},
  })
  const selection = picked.list === result ? picked.rows : {}
  const setSelection = (update: Updater<RowSelectionState>) =>
    setPicked({ list: result, rows: typeof update === 'function' ? update(selection) : update })
  const sortKey = (params.get('sort') ?? 'updated') as ProductSort
  const columnId = Object.keys(SORTABLE).find((id) => SORTABLE[id] === sortKey) ?? 'updatedAt'
  const sorting: SortingState = [{ id: columnId, desc: (params.get('order') ?? 'desc') === 'desc' }]

  const pageLink = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `?${next}`
  }
  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name)
      else next.set(name, value)
    }
    setParams(next)
  }

  const table = useReactTable({
    data: result.items,
    columns,
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    pageCount: pageCount(result),
    enableSortingRemoval: false,
    state: { sorting, rowSelection: selection },
    onRowSelectionChange: setSelection,
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      if (next && SORTABLE[next.id] && PRODUCT_SORTS.includes(SORTABLE[next.id]!)) {
        navigate({ sort: SORTABLE[next.id]!, order: next.desc ? 'desc' : 'asc', page: null })
      }
    },
  })
  const selected = Object.keys(selection).filter((id) => selection[id])

  return (
    <>
      <div className="inline">
        <h1>Products</h1>
        <Link to="/products/new" className="button">
          New product
        </Link>
      </div>
      <ActionOutcome outcome={data} />
      <FilterForm className="inline card" aria-label="Find products">
        <label>
          Search
          <input
            name="search"
            type="search"
            defaultValue={params.get('search') ?? ''}
            maxLength={MAX_SEARCH_TEXT}
          />
        </label>
        <label>
          Category
          <select name="category" defaultValue={params.get('category') ?? ''}>
            <option value="">Any</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Any</option>
            {PRODUCT_STATES.map((state) => (
              <option key={state} value={state}>
                {PRODUCT_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Stock
          <select name="stock" defaultValue={params.get('stock') ?? ''}>
            <option value="">Any</option>
            {STOCK_STATES.map((state) => (
              <option key={state} value={state}>
                {STOCK_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        {params.get('sort') ? <input type="hidden" name="sort" value={params.get('sort')!} /> : null}
        {params.get('order') ? <input type="hidden" name="order" value={params.get('order')!} /> : null}
        <button type="submit">Filter</button>
      </FilterForm>

      <Form method="post" className="inline" aria-label="Selected products">
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <span>{selected.length} selected</span>
        <GuardedButton
          type="submit"
          name="status"
          value="published"
          unavailable={busy || selected.length === 0}
        >
          Publish
        </GuardedButton>
        <GuardedButton type="submit" name="status" value="draft" unavailable={busy || selected.length === 0}>
          Unpublish
        </GuardedButton>
      </Form>

      <ListStatus list={result} noun="product(s)" />
      <TableView table={table} label="Products" />
      <Pager list={result} hrefOf={pageLink} />
    </>
  )
}
