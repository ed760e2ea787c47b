/**
 * The back office's tables, drawn by TanStack Table from column definitions: a real <table> with
 * header cells that have a scope (and a sort button where the list sorts), inside the
 * keyboard-scrollable region; and what every paged list shares: the count line, announced as it
 * changes, and the pager below the table. Every domain's list pages use it, so it sits beside them.
 */
import { type ColumnDef, flexRender, getCoreRowModel, type Table, useReactTable } from '@tanstack/react-table'
import { Link } from 'react-router'
import { TableRegion } from './table-region'

/** A page of a list as the API answers it. */
export interface ListPage {
  total: number
  page: number
  perPage: number
}

/** How many pages the list has (one at least). */
export const pageCount = ({ total, perPage }: ListPage) => Math.max(1, Math.ceil(total / perPage))

/** "12 order(s); page 1 of 2.", read out when a search or a page changes it; `children` follow it. */
export function ListStatus({
  list,
  noun,
  children,
}: {
  list: ListPage
  noun: string
  children?: React.ReactNode
}) {
  const pastTheLast = list.page > pageCount(list)
  return (
    <p role="status">
      {list.total} {noun}; page {list.page} of {pageCount(list)}.
      {pastTheLast ? ' This page is past the last one.' : null}
      {children ? ' ' : null}
      {children}
    </p>
  )
}

/**
 * Links to the previous and next pages, or to the last from a page past it (an old link to a list
 * that has shrunk); `hrefOf` gives a page's address with the list's filters kept.
 */
export function Pager({ list, hrefOf }: { list: ListPage; hrefOf: (page: number) => string }) {
  return (
    <nav aria-label="Pages" className="inline">
      {list.page > pageCount(list) ? (
        <Link to={hrefOf(pageCount(list))}>Last page</Link>
      ) : list.page > 1 ? (
        <Link to={hrefOf(list.page - 1)}>Previous page</Link>
      ) : null}
      {list.page < pageCount(list) ? <Link to={hrefOf(list.page + 1)}>Next page</Link> : null}
    </nav>
  )
}

/** A list of rows with every column as defined, nothing sorted or selected (a page of its own does that). */
export function DataTable<Row>({
  label,
  columns,
  data,
  rowKey,
  empty,
}: {
  label: string
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column list mixes value types per column
  columns: ColumnDef<Row, any>[]
  data: Row[]
  rowKey: (row: Row) => string
  empty: string
}) {
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    enableSorting: false,
  })
  return <TableView table={table} label={label} empty={empty} />
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * A TanStack table drawn: a column that can sort (a table that does not sort says
 * `enableSorting: false`) has a button in its header, and its header says how the rows are sorted
 * (`aria-sort`); with `empty`, a row says so when there are none.
 */
export function TableView<Row>({
  table,
  label,
  empty,
}: {
  table: Table<Row>
  label: string
  empty?: string
}) {
  const rows = table.getRowModel().rows
  return (
    <TableRegion label={label}>
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const name = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {name}
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </button>
                    ) : (
                      name
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableRegion>
  )
}
