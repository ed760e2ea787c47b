/**
 * The catalogue CSV page (issue 11): download the products and stock as CSV, and upload a file to
 * import. The API checks every row before it changes anything; a refused file's problems are shown
 * in a table by row and column, so they can be fixed and the file uploaded again.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import {
  adminStockEndpoints,
  CSV_COLUMNS,
  CSV_OPTIONAL_COLUMNS,
  type CsvIssue,
  csvRejectionSchema,
} from '@fanshop/core'
import { createColumnHelper } from '@tanstack/react-table'
import { Form, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { api, formError, refused, requirePermissionOf } from '../api'
import { DataTable } from '../data-table'
import { FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import type { Route } from './+types/import'

/** A file box left empty posts a file without a name or bytes: none was chosen. */
const uploadSchema = z.object({
  file: z
    .instanceof(File, { error: 'Choose a CSV file' })
    .refine((file) => file.name !== '' || file.size > 0, { error: 'Choose a CSV file', abort: true })
    .refine((file) => file.size > 0, 'Choose a CSV file (this one is empty)'),
})

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermissionOf(adminStockEndpoints.importCatalog, request)
  return null
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const submission = parseAsTyped(await request.formData(), uploadSchema)
  if (submission.status !== 'success') return { result: submission.reply(), issues: [], done: null }
  try {
    const done = await api(adminStockEndpoints.importCatalog, {
      body: { csv: await submission.value.file.text() },
    })
    return { result: submission.reply({ resetForm: true }), issues: [], done }
  } catch (error) {
    const refusal = formError(error)
    const rejection = csvRejectionSchema.safeParse(refusal.body)
    return refused(
      {
        result: submission.reply({ formErrors: [refusal.message] }),
        issues: rejection.success ? rejection.data.issues : [],
        done: null,
      },
      refusal.status,
    )
  }
}

const column = createColumnHelper<CsvIssue>()
const columns = [
  column.accessor('row', { header: 'Row' }),
  column.accessor('column', { header: 'Column', cell: (info) => info.getValue() ?? '(whole row)' }),
  column.accessor('message', { header: 'Problem' }),
]

export default function ImportPage() {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    lastResult: data?.result,
    onValidate: ({ formData }) => parseAsTyped(formData, uploadSchema),
    shouldValidate: 'onSubmit',
  })
  const done = data?.done
  return (
    <>
      <h1>Import &amp; export</h1>
      <section aria-labelledby="export-heading" className="card">
        <h2 id="export-heading">Export</h2>
        <p>
          Every product and its stock, one row per variation:{' '}
          <code>{[...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS].join(', ')}</code>.
        </p>
        <a href="/admin/api/catalog/export.csv" download>
          Download the catalogue CSV
        </a>
      </section>
      <section aria-labelledby="import-heading" className="card">
        <h2 id="import-heading">Import</h2>
        <p>
          Products are matched by slug and variations by SKU; new ones are created. Categories are slugs and
          attributes pairs like <code>colour:Black|size:M</code>. A variation taken off its product has the
          status <code>retired</code> instead of its product&rsquo;s. <code>per_fan_limit</code> is the
          product&rsquo;s limit per fan (empty: none); a file without that column leaves each product&rsquo;s
          as it is. Every row is checked first: a file with any problem changes nothing.
        </p>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
          <label htmlFor={fields.file.id}>CSV file</label>
          <input {...getInputProps(fields.file, { type: 'file' })} accept=".csv,text/csv" />
          {fields.file.errors ? (
            <p className="error" id={fields.file.errorId}>
              {fields.file.errors[0]}
            </p>
          ) : null}
          <div>
            <GuardedButton type="submit" unavailable={busy}>
              Import
            </GuardedButton>
          </div>
        </Form>
        <div aria-live="polite">
          <FormErrors id={form.errorId} errors={form.errors} />
          {done ? (
            <p className="notice">
              Imported {done.rows} row(s): {done.productsCreated} product(s) created, {done.productsUpdated}{' '}
              updated; {done.variationsCreated} variation(s) created, {done.variationsUpdated} updated;{' '}
              {done.stockChanges} stock change(s).
            </p>
          ) : null}
        </div>
      </section>
      {data?.issues.length ? (
        <DataTable
          label="Problems in the file"
          columns={columns}
          data={data.issues}
          rowKey={(issue) => `${issue.row}-${issue.column}-${issue.message}`}
          empty="No problems."
        />
      ) : null}
    </>
  )
}
