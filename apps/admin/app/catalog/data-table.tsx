/**
 * The back office's catalogue tables, drawn by TanStack Table from column definitions: a real
 * <table> with header cells that have a scope, inside the keyboard-scrollable region.
 */
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { TableRegion } from '../table-region'

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
