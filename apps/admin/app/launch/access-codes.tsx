/**
 * The drop's access codes (owner and manager): each code with its label, uses against its limit,
 * expiry, whether it skips the waiting room and its status; disable one (its grants stop too) or
 * enable it again. Codes are disabled rather than deleted, so grants and the audit log keep them.
 */
import { type AdminAccessCode, accessCodeEndpoints } from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { Link, useActionData } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { ListPage, RowAction } from '../list-page'
import type { Route } from './+types/access-codes'

export async function clientLoader() {
  return load(accessCodeEndpoints.listAccessCodes)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const formData = await request.formData()
  const id = Number(formText(formData, 'id'))
  const disable = formText(formData, 'intent') === 'disable'
  const endpoint = disable ? accessCodeEndpoints.disableAccessCode : accessCodeEndpoints.enableAccessCode
  const result = await attempt(() => api(endpoint, { params: { id } }))
  return result.ok
    ? { message: `${nameOf(result.value)} is ${disable ? 'disabled: its grants stop too' : 'enabled'}.` }
    : refused({ error: result.error }, result.status)
}

/** The code, or its label for a code made before codes were kept (only its hash is). */
const nameOf = (code: AdminAccessCode) => code.code ?? code.label

/** An instant as the staff member's local date and time. */
const when = (value: string | null) =>
  value === null
    ? 'never'
    : new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

const column = createColumnHelper<AdminAccessCode>()

// Made once: TanStack draws each cell function as a component (see coupons.tsx).
const columns = [
  column.accessor('code', {
    header: 'Code',
    cell: ({ row: { original: code } }) => (
      <Link to={`/access-codes/${code.id}`} aria-label={`Edit ${nameOf(code)}`}>
        {code.code ?? 'not kept'}
      </Link>
    ),
  }),
  column.accessor('label', { header: 'For' }),
  column.accessor('uses', {
    header: 'Uses',
    cell: ({ row: { original: code } }) =>
      code.maxUses === null ? `${code.uses} (unlimited)` : `${code.uses} of ${code.maxUses}`,
  }),
  column.accessor('expiresAt', { header: 'Expires', cell: ({ getValue }) => when(getValue()) }),
  column.accessor('skipsQueue', {
    header: 'Skips waiting room',
    cell: ({ getValue }) => (getValue() ? 'yes' : 'no'),
  }),
  column.accessor('status', { header: 'Status' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    // One control a row (kind 'toggle'), so the Enable drawn in a Disable's place keeps the focus.
    cell: ({ row: { original: code } }) => (
      <RowAction
        kind="toggle"
        row={code.id}
        fields={{ id: code.id, intent: code.disabled ? 'enable' : 'disable' }}
        label={`${code.disabled ? 'Enable' : 'Disable'} ${nameOf(code)}`}
        danger={!code.disabled}
      >
        {code.disabled ? 'Enable' : 'Disable'}
      </RowAction>
    ),
  }),
]

export default function AccessCodesPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      title="Access codes"
      create={{ to: '/access-codes/new', label: 'New access code' }}
      outcome={useActionData<typeof clientAction>()}
      label="Access codes"
      columns={columns}
      rows={loaderData.items}
      rowKey={(code) => String(code.id)}
      empty="No access codes yet."
    />
  )
}
