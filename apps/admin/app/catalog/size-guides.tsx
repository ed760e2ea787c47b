/**
 * The size guides (spec 3, issue 11): each guide's sizes and the products that show it; create,
 * edit or delete one (the API refuses, with its reason, to delete a guide a product shows).
 */
import { adminSizeGuideEndpoints } from '@fanshop/core'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load } from '../api'
import { TableRegion } from '../table-region'
import type { Route } from './+types/size-guides'

export async function clientLoader() {
  return load(adminSizeGuideEndpoints.listSizeGuides)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const result = await attempt(() =>
    api(adminSizeGuideEndpoints.deleteSizeGuide, { params: { id: Number(formText(form, 'id')) } }),
  )
  return result.ok ? { message: `${formText(form, 'name')} was deleted.` } : { error: result.error }
}

export default function SizeGuidesPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h1>Size guides</h1>
      <p>
        <Link to="/size-guides/new">New size guide</Link>
      </p>
      <div aria-live="polite">
        {data && 'error' in data ? (
          <p role="alert" className="error">
            {data.error}
          </p>
        ) : data ? (
          <p className="notice">{data.message}</p>
        ) : null}
      </div>
      <TableRegion label="Size guides">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Sizes</th>
              <th scope="col">Products</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.items.map((guide) => (
              <tr key={guide.id}>
                <td>
                  <Link to={`/size-guides/${guide.id}`} aria-label={`Edit ${guide.name}`}>
                    {guide.name}
                  </Link>
                </td>
                <td>{guide.rows.map((row) => row.size).join(', ')}</td>
                <td>{guide.products}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="id" value={guide.id} />
                    <input type="hidden" name="name" value={guide.name} />
                    <button
                      type="submit"
                      className="danger"
                      disabled={busy}
                      aria-label={`Delete ${guide.name}`}
                    >
                      Delete
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  )
}
