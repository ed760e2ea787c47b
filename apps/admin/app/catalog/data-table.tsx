/**
 * The back office's tables, drawn by TanStack Table from column definitions: a real <table> with
 * header cells that have a scope, inside the keyboard-scrollable region; and what every paged list
 * shares: the count line, announced as it changes, and the pager below the table.
 */
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { Link } from 'react-router'
import { TableRegion } from '../table-region'

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
  return (
    <p role="status">
      {list.total} {noun}; page {list.page} of {pageCount(list)}.{children ? ' ' : null}
      {children}
    </p>
  )
}

/** Links to the previous and next pages; `hrefOf` gives a page's address with the list's filters kept. */
export function Pager({
  list,
  hrefOf,
  onNavigate,
}: {
  list: ListPage
  hrefOf: (page: number) => string
  /** Runs as a page link is followed (a selection of rows on this page is dropped, say). */
  onNavigate?: () => void
}) {
  return (
    <nav aria-label="Pages" className="inline">
      {list.page > 1 ? (
        <Link to={hrefOf(list.page - 1)} onClick={onNavigate}>
          Previous page
        </Link>
      ) : null}
      {list.page < pageCount(list) ? (
        <Link to={hrefOf(list.page + 1)} onClick={onNavigate}>
          Next page
        </Link>
      ) : null}
    </nav>
  )
}

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
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey })
  return (
    <TableRegion label={label}>
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
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
