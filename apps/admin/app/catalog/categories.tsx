/**
 * The categories page (issue 11): add a category, rename it or change its slug, hide it from the
 * shop or show it again, and move it up or down the menu (menu_order). A row's changes, or a new
 * category's, not yet saved are asked about before a move to another page loses them.
 */
import { getFormProps, useForm } from '@conform-to/react'
import { type AdminCategory, adminCatalogEndpoints, categoryFormSchema, slugOf } from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { ListPage } from '../list-page'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/categories'

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
    return result.ok ? { message: 'Menu order saved.' } : refused({ error: result.error }, result.status)
  }
  const submission = parseAsTyped(form, categoryFormSchema)
  if (submission.status !== 'success') return { intent, submission: submission.reply() }
  const id = Number(formText(form, 'id'))
  const result = await attempt(() =>
    intent === 'create'
      ? api(adminCatalogEndpoints.createCategory, { body: submission.value })
      : api(adminCatalogEndpoints.updateCategory, { params: { id }, body: submission.value }),
  )
  if (!result.ok)
    return refused({ intent, submission: submission.reply({ formErrors: [result.error] }) }, result.status)
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
    onValidate: ({ formData }) => parseAsTyped(formData, categoryFormSchema),
  })
  const [slug, setSlug] = useState('')
  const busy = useNavigation().state !== 'idle'
  return (
    <section aria-labelledby="new-category-heading" className="card">
      <h2 id="new-category-heading">New category</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
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
        <GuardedButton type="submit" unavailable={busy}>
          Add category
        </GuardedButton>
      </Form>
    </section>
  )
}

const column = createColumnHelper<AdminCategory>()

/** A category's fields in its row, sent by its Save button's form (`form` attribute). */
const formOf = (category: AdminCategory) => `category-${category.id}`

/** One of a category's text fields in its row, named for the category to a screen reader. */
function RowText(props: { category: AdminCategory; field: 'name' | 'slug'; label: string }) {
  const { category, field } = props
  const id = `${formOf(category)}-${field}`
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {props.label} of {category.name}
      </label>
      <input id={id} form={formOf(category)} name={field} defaultValue={category[field]} required />
    </>
  )
}

/**
 * The table's columns, made once: TanStack renders each cell function as a component, so a list
 * made afresh on every render would give React new component types and remount every row's
 * fields, dropping what the manager typed whenever the page draws again (busy, then idle).
 */
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: category } }) => <RowText category={category} field="name" label="Name" />,
  }),
  column.accessor('slug', {
    header: 'Slug',
    cell: ({ row: { original: category } }) => (
      <>
        <RowText category={category} field="slug" label="Slug" />
        <input type="hidden" form={formOf(category)} name="description" value={category.description} />
      </>
    ),
  }),
  column.accessor('hidden', {
    header: 'In the shop',
    cell: ({ row: { original: category } }) => (
      <label>
        <input
          type="checkbox"
          id={`${formOf(category)}-hidden`}
          form={formOf(category)}
          name="hidden"
          defaultChecked={category.hidden}
        />{' '}
        Hidden
        <span className="visually-hidden"> ({category.name})</span>
      </label>
    ),
  }),
  column.accessor('products', { header: 'Products' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: category, index }, table }) => (
      <CategoryActions category={category} index={index} count={table.getRowModel().rows.length} />
    ),
  }),
]

/**
 * A row's Save and move buttons, unavailable while any form of the page is being sent (and a move
 * past an end) but keeping the keyboard's focus; their ids let the page give it back to the row's
 * button drawn afresh after a save.
 */
function CategoryActions({
  category,
  index,
  count,
}: {
  category: AdminCategory
  index: number
  count: number
}) {
  const busy = useNavigation().state !== 'idle'
  const id = formOf(category)
  return (
    <>
      <Form method="post" id={id} className="inline">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={category.id} />
        <GuardedButton
          type="submit"
          id={`${id}-save`}
          unavailable={busy}
          aria-label={`Save ${category.name}`}
        >
          Save
        </GuardedButton>
      </Form>
      <Form method="post" className="inline">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={category.id} />
        <GuardedButton
          type="submit"
          id={`${id}-up`}
          name="direction"
          value="up"
          unavailable={busy || index === 0}
          aria-label={`Move ${category.name} up`}
        >
          ↑
        </GuardedButton>
        <GuardedButton
          type="submit"
          id={`${id}-down`}
          name="direction"
          value="down"
          unavailable={busy || index === count - 1}
          aria-label={`Move ${category.name} down`}
        >
          ↓
        </GuardedButton>
      </Form>
    </>
  )
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  // An update refused shows above the table (its fields are in the row); a new one's, in its form.
  const outcome =
    data && 'submission' in data
      ? {
          error:
            data.intent === 'update'
              ? [
                  ...(data.submission.error?.[''] ?? []),
                  ...Object.entries(data.submission.error ?? {})
                    .filter(([k]) => k !== '')
                    .map(([k, v]) => `${k} ${v?.join(' ')}`),
                ].join(' ')
              : null,
        }
      : data
  return (
    <ListPage
      title="Categories"
      outcome={outcome}
      label="Categories in menu order"
      columns={columns}
      rows={loaderData.items}
      // A saved row is drawn afresh, so its fields show what was saved (ListPage gives the focus
      // back to the button or field of the row drawn anew).
      rowKey={(category) => `${category.id}-${category.name}-${category.slug}-${category.hidden}`}
      empty="No categories yet."
    >
      <NewCategory lastResult={data} />
      <UnsavedChanges forms="#new-category, form[id^='category-']" />
    </ListPage>
  )
}
