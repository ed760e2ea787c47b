/**
 * Creating or editing a size guide (spec 3, issue 11): its name and note, the size table as a
 * grid of rows (size, chest, body) that can grow and shrink, and how to measure (text and a
 * picture from the media library). One Conform form checked by core's schema here and by the API.
 */
import { getFormProps, useForm } from '@conform-to/react'
import {
  adminSizeGuideEndpoints,
  MAX_SIZE_ROWS,
  type SizeGuideRow,
  sizeGuideInputSchema,
} from '@fanshop/core'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { api, formError, load, refused } from '../api'
import { Field, FormErrors, GridCell } from '../field'
import { GuardedButton, giveFocusBack } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/size-guide-edit'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [images, guide] = await Promise.all([
    load(adminSizeGuideEndpoints.measureImages),
    params.id ? load(adminSizeGuideEndpoints.sizeGuide, { params: { id: Number(params.id) } }) : null,
  ])
  return { images: images.items, guide }
}

const parse = (formData: FormData) => parseAsTyped(formData, sizeGuideInputSchema)

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const submission = parse(await request.formData())
  if (submission.status !== 'success') return submission.reply()
  try {
    if (params.id) {
      await api(adminSizeGuideEndpoints.updateSizeGuide, {
        params: { id: Number(params.id) },
        body: submission.value,
      })
    } else {
      await api(adminSizeGuideEndpoints.createSizeGuide, { body: submission.value })
    }
  } catch (error) {
    const refusal = formError(error)
    return refused(submission.reply({ formErrors: [refusal.message] }), refusal.status)
  }
  return redirect('/size-guides')
}

const COLUMNS = [
  ['size', 'Size'],
  ['chest', 'Chest (cm)'],
  ['body', 'Body length (cm)'],
] as const

export default function SizeGuideEditPage({
  loaderData: { images, guide },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    id: `size-guide-${guide?.id ?? 'new'}`,
    // Conform resets a select to the form's default value (a select has no defaultValue of its own).
    defaultValue: { measureImageId: guide?.measureImageId ? String(guide.measureImageId) : '' },
    lastResult: actionData,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parse(formData),
  })
  // Each row keeps its key while rows above it come and go, so its inputs keep what was typed.
  const nextKey = useRef(0)
  const keyed = (row?: SizeGuideRow) => ({ key: nextKey.current++, row })
  const [rows, setRows] = useState(() => (guide?.rows.length ? guide.rows.map(keyed) : [keyed()]))
  // A row's Remove goes with its row, and focus would fall to the page's body: it goes to the Remove
  // that takes its place (the next row's), else to the previous row's. There is always one, as the
  // only row's Remove is unavailable.
  const removeId = (index: number) => `${form.id}-remove-${index}`
  const removeRow = (index: number) => {
    flushSync(() => setRows(rows.filter((_, i) => i !== index)))
    giveFocusBack(removeId(index), () => document.getElementById(removeId(index - 1)))
  }
  const errorsOf = (name: string) => form.allErrors[name]
  const rowsErrors = errorsOf('rows')

  return (
    <>
      <p>
        <Link to="/size-guides">← Size guides</Link>
      </p>
      <h1>{guide ? `Edit ${guide.name}` : 'New size guide'}</h1>
      {guide ? <p>Shown by {guide.products} product(s).</p> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" {...getFormProps(form)} className="stack product-form">
        <section className="card stack" aria-labelledby="guide">
          <h2 id="guide">Size guide</h2>
          <Field label="Name" name={fields.name.name} errors={fields.name.errors} hint="Only staff see it.">
            {(control) => <input {...control} defaultValue={guide?.name} required />}
          </Field>
          <Field
            label="Note above the table"
            name={fields.description.name}
            errors={fields.description.errors}
          >
            {(control) => <textarea {...control} rows={2} defaultValue={guide?.description} />}
          </Field>
          {rowsErrors ? (
            <p className="error" role="alert">
              Sizes: {rowsErrors.join(' ')}
            </p>
          ) : null}
          <div className="table-wrap">
            <table>
              <caption>The sizes, smallest first, as the shop's size guide shows them.</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  {COLUMNS.map(([, label]) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ key, row }, i) => (
                  <tr key={key}>
                    <th scope="row">{i + 1}</th>
                    {COLUMNS.map(([column, label]) => (
                      <GridCell
                        key={column}
                        name={`rows[${i}].${column}`}
                        label={`${label} of row ${i + 1}`}
                        errors={errorsOf(`rows[${i}].${column}`)}
                        defaultValue={row?.[column]}
                      />
                    ))}
                    <td>
                      <GuardedButton
                        type="button"
                        id={removeId(i)}
                        className="danger"
                        unavailable={rows.length === 1}
                        aria-label={`Remove row ${i + 1}`}
                        onClick={() => removeRow(i)}
                      >
                        Remove
                      </GuardedButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="inline">
            {/* Unavailable once the last size it may add is added, and still holding the focus. */}
            <GuardedButton
              type="button"
              unavailable={rows.length >= MAX_SIZE_ROWS}
              onClick={() => setRows([...rows, keyed()])}
            >
              Add a size
            </GuardedButton>
          </div>
        </section>

        <section className="card stack" aria-labelledby="measure">
          <h2 id="measure">How to measure</h2>
          <Field
            label="Instructions"
            name={fields.measureDescription.name}
            errors={fields.measureDescription.errors}
          >
            {(control) => <textarea {...control} rows={3} defaultValue={guide?.measureDescription} />}
          </Field>
          <Field label="Chest" name={fields.chestDescription.name} errors={fields.chestDescription.errors}>
            {(control) => <textarea {...control} rows={2} defaultValue={guide?.chestDescription} />}
          </Field>
          <Field
            label="Body length"
            name={fields.bodyDescription.name}
            errors={fields.bodyDescription.errors}
          >
            {(control) => <textarea {...control} rows={2} defaultValue={guide?.bodyDescription} />}
          </Field>
          <Field
            label="Picture"
            name={fields.measureImageId.name}
            errors={fields.measureImageId.errors}
            hint="From the media library."
          >
            {(control) => (
              <select {...control} defaultValue={guide?.measureImageId ?? ''}>
                <option value="">None</option>
                {images.map((image) => (
                  <option key={image.id} value={image.id}>
                    {image.alt || image.file} (#{image.id})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </section>
        <div className="inline">
          <GuardedButton type="submit" unavailable={busy}>
            {guide ? 'Save size guide' : 'Create size guide'}
          </GuardedButton>
        </div>
      </Form>
    </>
  )
}
