/**
 * The size guides (spec 3, issue 11): each guide's sizes and the products that show it; create,
 * edit or delete one (the API refuses, with its reason, to delete a guide a product shows).
 */
import { type AdminSizeGuide, adminSizeGuideEndpoints } from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { Link, useActionData } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { ListPage, RowAction } from '../list-page'
import type { Route } from './+types/size-guides'

export async function clientLoader() {
  return load(adminSizeGuideEndpoints.listSizeGuides)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const result = await attempt(() =>
    api(adminSizeGuideEndpoints.deleteSizeGuide, { params: { id: Number(formText(form, 'id')) } }),
  )
  return result.ok
    ? { message: `${formText(form, 'name')} was deleted.` }
    : refused({ error: result.error }, result.status)
}

const column = createColumnHelper<AdminSizeGuide>()

// Made once: TanStack draws each cell function as a component, so new functions on every render
// (each action and its reload) drew new Delete buttons and the keyboard's focus fell to the body.
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: guide } }) => (
      <Link to={`/size-guides/${guide.id}`} aria-label={`Edit ${guide.name}`}>
        {guide.name}
      </Link>
    ),
  }),
  column.accessor('rows', {
    header: 'Sizes',
    cell: ({ getValue }) =>
      getValue()
        .map((row) => row.size)
        .join(', '),
  }),
  column.accessor('products', { header: 'Products' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: guide } }) => (
      <RowAction
        kind="delete"
        row={guide.id}
        fields={{ id: guide.id, name: guide.name }}
        label={`Delete ${guide.name}`}
        danger
      >
        Delete
      </RowAction>
    ),
  }),
]

export default function SizeGuidesPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      title="Size guides"
      create={{ to: '/size-guides/new', label: 'New size guide' }}
      outcome={useActionData<typeof clientAction>()}
      label="Size guides"
      columns={columns}
      rows={loaderData.items}
      rowKey={(guide) => String(guide.id)}
      empty="No size guides yet."
    />
  )
}
