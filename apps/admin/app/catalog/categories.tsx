/**
 * The categories page (issue 11): add a category, rename it or change its slug, hide it from the
 * shop or show it again, and move it up or down the menu (menu_order).
 */
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type AdminCategory, adminCatalogEndpoints, categoryInputSchema, slugOf } from '@fanshop/core'
import { useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load } from '../api'
import { TableRegion } from '../table-region'
import type { Route } from './+types/categories'
import { Field } from './field'

export async function clientLoader() {
  return load(adminCatalogEndpoints.listCategories)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const intent = formText(form, 'intent')
  if (intent === 'move') {
    const { items } = await api(adminCatalogEndpoints.listCategories)
    const ids = items.map((category) => category.id)
    const from = ids.indexOf(Number(formText(form, 'id')))
    const to = from + (formText(form, 'direction') === 'up' ? -1 : 1)
    if (from < 0 || to < 0 || to >= ids.length) return { message: 'Nothing to move.' }
    ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
    const result = await attempt(() => api(adminCatalogEndpoints.orderCategories, { body: { ids } }))
    return result.ok ? { message: 'Menu order saved.' } : { error: result.error }
  }
  const submission = parseWithZod(form, { schema: categoryInputSchema })
  if (submission.status !== 'success') return { intent, submission: submission.reply() }
  const id = Number(formText(form, 'id'))
  const result = await attempt(() =>
    intent === 'create'
      ? api(adminCatalogEndpoints.createCategory, { body: submission.value })
      : api(adminCatalogEndpoints.updateCategory, { params: { id }, body: submission.value }),
  )
  if (!result.ok) return { intent, submission: submission.reply({ formErrors: [result.error] }) }
  return { message: `${result.value.name} saved${result.value.hidden ? ' (hidden from the shop)' : ''}.` }
}

function NewCategory({ lastResult }: { lastResult?: ReturnType<typeof useActionData<typeof clientAction>> }) {
  const submission =
    lastResult && 'submission' in lastResult && lastResult.intent === 'create'
      ? lastResult.submission
      : undefined
  const [form, fields] = useForm({
    id: 'new-category',
    lastResult: submission,
    shouldValidate: 'onBlur',
    // Not again on blur: pressing the submit button blurs the field, its error line goes and the
    // button moves from under the pointer before the click lands, so nothing is sent.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryInputSchema }),
  })
  const [slug, setSlug] = useState('')
  return (
    <section aria-labelledby="new-category-heading" className="card">
      <h2 id="new-category-heading">New category</h2>
      {form.errors?.length ? (
        <p role="alert" className="error">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="inline">
        <input type="hidden" name="intent" value="create" />
        <Field label="Name" name={fields.name.name} errors={fields.name.errors}>
          {(control) => (
            <input {...control} required onChange={(event) => setSlug(slugOf(event.target.value))} />
          )}
        </Field>
        <Field label="Slug" name={fields.slug.name} errors={fields.slug.errors}>
          {(control) => <input {...control} value={slug} onChange={(event) => setSlug(event.target.value)} />}
        </Field>
        <button type="submit">Add category</button>
      </Form>
    </section>
  )
}

function CategoryRow({
  category,
  first,
  last,
  busy,
}: {
  category: AdminCategory
  first: boolean
  last: boolean
  busy: boolean
}) {
  const formId = `category-${category.id}`
  return (
    <tr>
      <td>
        <label htmlFor={`${formId}-name`} className="visually-hidden">
          Name of {category.name}
        </label>
        <input id={`${formId}-name`} form={formId} name="name" defaultValue={category.name} required />
      </td>
      <td>
        <label htmlFor={`${formId}-slug`} className="visually-hidden">
          Slug of {category.name}
        </label>
        <input id={`${formId}-slug`} form={formId} name="slug" defaultValue={category.slug} required />
        <input type="hidden" form={formId} name="description" value={category.description} />
      </td>
      <td>
        <label>
          <input type="checkbox" form={formId} name="hidden" defaultChecked={category.hidden} /> Hidden
          <span className="visually-hidden"> ({category.name})</span>
        </label>
      </td>
      <td>{category.products}</td>
      <td>
        <Form method="post" id={formId} className="inline">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={category.id} />
          <button type="submit" disabled={busy} aria-label={`Save ${category.name}`}>
            Save
          </button>
        </Form>
        <Form method="post" className="inline">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={category.id} />
          <button
            type="submit"
            name="direction"
            value="up"
            disabled={busy || first}
            aria-label={`Move ${category.name} up`}
          >
            ↑
          </button>
          <button
            type="submit"
            name="direction"
            value="down"
            disabled={busy || last}
            aria-label={`Move ${category.name} down`}
          >
            ↓
          </button>
        </Form>
      </td>
    </tr>
  )
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const rowError =
    data && 'submission' in data && data.intent === 'update'
      ? [
          ...(data.submission.error?.[''] ?? []),
          ...Object.entries(data.submission.error ?? {})
            .filter(([k]) => k !== '')
            .map(([k, v]) => `${k} ${v?.join(' ')}`),
        ]
      : []
  return (
    <>
      <h1>Categories</h1>
      <div aria-live="polite">
        {data && 'message' in data ? <p className="notice">{data.message}</p> : null}
        {rowError.length ? (
          <p role="alert" className="error">
            {rowError.join(' ')}
          </p>
        ) : null}
      </div>
      <NewCategory lastResult={data} />
      <TableRegion label="Categories in menu order">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Slug</th>
              <th scope="col">In the shop</th>
              <th scope="col">Products</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.items.map((category, i) => (
              <CategoryRow
                key={`${category.id}-${category.name}-${category.slug}-${category.hidden}`}
                category={category}
                first={i === 0}
                last={i === loaderData.items.length - 1}
                busy={busy}
              />
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  )
}
