/** The owner's audit log: every staff change, newest first, filtered by who, action, kind and days. */
import { adminEndpoints } from '@fanshop/core'
import { load } from '../api'
import { ListStatus, Pager } from '../data-table'
import { FilterForm } from '../list-page'
import { TableRegion } from '../table-region'
import type { Route } from './+types/audit'

const FILTERS = ['staff', 'action', 'entity', 'from', 'to'] as const

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams
  const query = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) || undefined]))
  const page = Number(search.get('page') ?? 1) || 1
  const [result, staff] = await Promise.all([
    load(adminEndpoints.audit, { query: { ...query, page } }),
    load(adminEndpoints.listStaff),
  ])
  return { filters: query, result, staff: staff.items }
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value))

export default function AuditPage({ loaderData: { filters, result, staff } }: Route.ComponentProps) {
  const pageLink = (page: number) => {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
    params.set('page', String(page))
    return `?${params}`
  }
  return (
    <>
      <h1>Audit log</h1>
      <FilterForm className="inline card" aria-label="Filter the audit log">
        <label>
          Who
          <select name="staff" defaultValue={filters.staff ?? ''}>
            <option value="">Anyone</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.deactivatedAt ? `${member.email} (deactivated)` : member.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <input name="action" defaultValue={filters.action} placeholder="staff.role" />
        </label>
        <label>
          Kind
          <input name="entity" defaultValue={filters.entity} placeholder="staff" />
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button type="submit">Filter</button>
      </FilterForm>
      <ListStatus list={result} noun="change(s)" />
      <TableRegion label="Changes">
        <table>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">What</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.at.replace('T', ' ').slice(0, 19)}</td>
                <td>{entry.staffEmail}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.entity} {entry.entityId ?? ''}
                </td>
                <td>
                  <code>{show(entry.before)}</code>
                </td>
                <td>
                  <code>{show(entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <Pager list={result} hrefOf={pageLink} />
    </>
  )
}
