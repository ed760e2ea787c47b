/**
 * Creating and editing a product (issue 11): name, slug, descriptions (rich text whose HTML the
 * API cleans), categories, size guide, status with a publish time, and either a simple product's
 * price and stock or a variable product's matrix (one row per combination of the chosen terms) with
 * SKU, price, sale price, stock and image per variation. The product's images are managed beside the
 * form (product-images.tsx) once the product exists. Conform drives the form with core's schema, so the
 * browser and the API refuse the same input with the same messages. A save sends the `updatedAt` it
 * was opened with, so one made after a stock adjustment or another save is refused, not written over it.
 */
import { getFormProps, useForm } from '@conform-to/react'
import {
  type AdminProduct,
  adminCatalogEndpoints,
  type CatalogueOptions,
  PRODUCT_STATE_LABELS,
  PRODUCT_STATES,
  productBody,
  productInputSchema,
  slugOf,
  variationSku,
} from '@fanshop/core'
import { lazy, type MouseEvent, Suspense, useMemo, useState } from 'react'
import { Form, Link, redirect, useNavigation, useRevalidator, useSearchParams } from 'react-router'
import { ApiError, api, formError, load, refused } from '../api'
import { Field, FormErrors, GridCell } from '../field'
import { GuardedButton } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/product-edit'
import { imageLabel, ProductImages } from './product-images'

// The editor is fetched only when a product form opens; until then the descriptions are kept as they are.
const RichText = lazy(() => import('./rich-text'))

const DESCRIPTION_HINT = 'Bold, italic, lists, headings and https links; anything else is removed.'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [options, product] = await Promise.all([
    load(adminCatalogEndpoints.catalogueOptions),
    params.id ? load(adminCatalogEndpoints.product, { params: { id: Number(params.id) } }) : null,
  ])
  return { options, product }
}

/** The form checked as the API checks it, its local publish time (datetime-local) as the instant it means. */
function parseProduct(formData: FormData) {
  const publishAt = String(formData.get('publishAt') ?? '')
  if (publishAt && !Number.isNaN(Date.parse(publishAt)))
    formData.set('publishAt', new Date(publishAt).toISOString())
  return parseAsTyped(formData, productInputSchema)
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const submission = parseProduct(await request.formData())
  if (submission.status !== 'success') return submission.reply()
  try {
    const saved = params.id
      ? await api(adminCatalogEndpoints.updateProduct, {
          params: { id: Number(params.id) },
          body: productBody(submission.value),
        })
      : await api(adminCatalogEndpoints.createProduct, { body: productBody(submission.value) })
    return redirect(`/products/${saved.id}?saved=1`)
  } catch (error) {
    const refusal = formError(error)
    return refused(submission.reply({ formErrors: [refusal.message] }), refusal.status)
  }
}

type Attribute = CatalogueOptions['attributes'][number]

/** Every combination of the chosen terms, one term of each attribute that has any chosen. */
function combinations(attributes: Attribute[], chosen: Set<number>): { id: number; name: string }[][] {
  return attributes
    .map((attribute) => attribute.terms.filter((term) => chosen.has(term.id)))
    .filter((terms) => terms.length > 0)
    .reduce<{ id: number; name: string }[][]>(
      (rows, terms) => rows.flatMap((row) => terms.map((term) => [...row, term])),
      [[]],
    )
    .filter((row) => row.length > 0)
}

const keyOf = (terms: readonly number[]) => [...terms].sort((a, b) => a - b).join('-')

/** What of a product the form edits: neither its images nor what carts hold and orders sold. */
const editable = (product: AdminProduct) =>
  JSON.stringify({
    ...product,
    images: null,
    updatedAt: null,
    stock: product.stock?.onHand ?? null,
    variations: product.variations.map((v) => ({ ...v, imageId: null, stock: v.stock.onHand })),
  })

/** The local date and time of an instant, as a datetime-local field shows it. */
function localDateTime(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

function NewTerm({ attribute }: { attribute: Attribute }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const revalidator = useRevalidator()
  const id = `new-term-${attribute.id}`
  return (
    <div className="inline">
      <label htmlFor={id}>New {attribute.name.toLowerCase()}</label>
      <input id={id} value={name} onChange={(event) => setName(event.target.value)} />
      <button
        type="button"
        onClick={async () => {
          try {
            await api(adminCatalogEndpoints.createTerm, { params: { id: attribute.id }, body: { name } })
            setName('')
            setError(null)
            await revalidator.revalidate()
          } catch (failure) {
            setError(failure instanceof ApiError ? failure.message : 'Could not add it.')
          }
        }}
      >
        Add {attribute.name.toLowerCase()}
      </button>
      {error ? (
        <span role="alert" className="error">
          {error}
        </span>
      ) : null}
    </div>
  )
}

/**
 * One editor per product: a new product's page becomes its edit page in the same place of the
 * tree, and without the key the editor kept the new product's state (its controlled status radios
 * among it) while Conform reset the form for the new id, so the first save sent no status and was
 * refused without a word.
 */
export default function ProductEditPage(props: Route.ComponentProps) {
  return <ProductEditor key={props.loaderData.product?.id ?? 'new'} {...props} />
}

function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { options, product } = loaderData
  const busy = useNavigation().state !== 'idle'
  const saved = useSearchParams()[0].has('saved')
  const [form, fields] = useForm({
    id: `product-${product?.id ?? 'new'}`,
    // Conform resets a select to the form's default value (a select has no defaultValue of its own).
    defaultValue: { sizeGuideId: product?.sizeGuideId ? String(product.sizeGuideId) : '' },
    lastResult: actionData,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseProduct(formData),
  })
  const [type, setType] = useState<'simple' | 'variable'>(product?.type ?? 'variable')
  const [status, setStatus] = useState(product?.status ?? 'draft')
  const [slugTouched, setSlugTouched] = useState(Boolean(product))
  const [slug, setSlug] = useState(product?.slug ?? '')
  const [chosen, setChosen] = useState<Set<number>>(
    () =>
      new Set(
        product
          ? [...product.terms, ...product.variations.filter((v) => v.active).flatMap((v) => v.terms)]
          : [],
      ),
  )
  const rows = useMemo(() => combinations(options.attributes, chosen), [options.attributes, chosen])
  const existing = useMemo(() => variationsByKey(product), [product])
  const errorsOf = (name: string) => form.allErrors[name]
  const [filled, setFilled] = useState('')
  /** Gives each variation row without a SKU one made of the product's SKU (or slug) and its terms. */
  function fillSkus(event: MouseEvent<HTMLButtonElement>) {
    const productForm = event.currentTarget.form
    const own = productForm?.elements.namedItem(fields.sku.name)
    const base = (own instanceof HTMLInputElement ? own.value.trim() : '') || slug.toUpperCase()
    if (!productForm || !base) {
      setFilled('Give the product a slug or a SKU first.')
      return
    }
    let count = 0
    rows.forEach((terms, i) => {
      const input = productForm.elements.namedItem(`variations[${i}].sku`)
      if (!(input instanceof HTMLInputElement) || input.value.trim() !== '') return
      input.value = variationSku(
        base,
        terms.map((term) => term.name),
      )
      // Seen by the form's checks and by the unsaved-changes warning, as typing would be.
      input.dispatchEvent(new Event('input', { bubbles: true }))
      count += 1
    })
    setFilled(count === 0 ? 'Every variation has a SKU already.' : `${count} SKU(s) filled.`)
  }
  const [images, setImages] = useState(product?.images ?? [])
  // The copy a save says it was made from (the API refuses an older one): the loaded product's, moved
  // on after an image change (which changes the product too) only when nothing the form edits changed.
  const [adopted, setAdopted] = useState<{ from: string; to: string } | null>(null)
  const updatedAt = product && adopted?.from === product.updatedAt ? adopted.to : product?.updatedAt
  async function imagesChanged(next: AdminProduct['images']) {
    setImages(next)
    if (!product) return
    try {
      const now = await api(adminCatalogEndpoints.product, { params: { id: product.id } })
      if (editable(now) === editable(product)) setAdopted({ from: product.updatedAt, to: now.updatedAt })
    } catch {
      // The save then meets the API's refusal, with its message.
    }
  }

  return (
    <>
      <p>
        <Link to="/products">← Products</Link>
      </p>
      <h1>{product ? `Edit ${product.name}` : 'New product'}</h1>
      {saved && !actionData ? (
        <p className="notice" role="status">
          Saved.{' '}
          {product && product.status === 'published' ? (
            <a href={product.permalink}>See it in the shop</a>
          ) : null}
        </p>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {product ? (
        <ProductImages productId={product.id} images={images} onChange={imagesChanged} />
      ) : (
        <p className="card">Images: create the product first, then add its images here.</p>
      )}
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" {...getFormProps(form)} className="stack product-form">
        <section className="card stack" aria-labelledby="basics">
          <h2 id="basics">Basics</h2>
          {product ? (
            <>
              <input type="hidden" name="type" value={type} />
              <input type="hidden" name="updatedAt" value={updatedAt} />
            </>
          ) : (
            <fieldset className="inline">
              <legend>Type</legend>
              {(['simple', 'variable'] as const).map((value) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                  />
                  {value === 'simple' ? 'Simple' : 'Variable (colour × size)'}
                </label>
              ))}
            </fieldset>
          )}
          <Field label="Name" name={fields.name.name} errors={fields.name.errors}>
            {(control) => (
              <input
                {...control}
                defaultValue={product?.name}
                required
                onChange={(event) => {
                  if (!slugTouched) setSlug(slugOf(event.target.value))
                }}
              />
            )}
          </Field>
          <Field
            label="Slug"
            name={fields.slug.name}
            errors={fields.slug.errors}
            hint="The product's address in the shop: /product/slug"
          >
            {(control) => (
              <input
                {...control}
                value={slug}
                required
                onChange={(event) => {
                  setSlugTouched(true)
                  setSlug(event.target.value)
                }}
              />
            )}
          </Field>
          {(
            [
              ['Description', fields.description, product?.description],
              ['Specs (short description)', fields.shortDescription, product?.shortDescription],
            ] as const
          ).map(([label, field, value]) => (
            <Suspense
              // A save starts the editor again from what the API kept (cleaned).
              key={`${field.name}:${value ?? ''}`}
              // Until the editor's code arrives the text is kept as it is, not editable: a plain field
              // swapped for the editor under the visitor's hands lost what was typed, and once sent
              // the whole form natively.
              fallback={
                <div className="field">
                  <span>{label}</span>
                  <small className="hint">Loading the editor…</small>
                  <input type="hidden" name={field.name} value={value ?? ''} />
                </div>
              }
            >
              <RichText
                label={label}
                name={field.name}
                defaultValue={value}
                errors={field.errors}
                hint={DESCRIPTION_HINT}
              />
            </Suspense>
          ))}
        </section>

        <section className="card stack" aria-labelledby="shop">
          <h2 id="shop">In the shop</h2>
          <fieldset className="inline">
            <legend>Categories</legend>
            {options.categories.map((category) => (
              <label key={category.id}>
                <input
                  type="checkbox"
                  name="categories"
                  value={category.id}
                  defaultChecked={product?.categories.includes(category.id)}
                />
                {category.name}
              </label>
            ))}
          </fieldset>
          <Field
            label="Size guide and how to measure"
            name={fields.sizeGuideId.name}
            errors={fields.sizeGuideId.errors}
          >
            {(control) => (
              <select {...control} defaultValue={product?.sizeGuideId ?? ''}>
                <option value="">None</option>
                {options.sizeGuides.map((guide) => (
                  <option key={guide.id} value={guide.id}>
                    {guide.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Limit per fan"
            name={fields.perFanLimit.name}
            errors={fields.perFanLimit.errors}
            hint="Units one fan may have across all their orders and bags, sizes and colours counted together (a limited drop). Empty: no limit."
          >
            {(control) => (
              <input {...control} inputMode="numeric" defaultValue={product?.perFanLimit ?? ''} />
            )}
          </Field>
          <fieldset className="inline">
            <legend>Status</legend>
            {PRODUCT_STATES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                />
                {PRODUCT_STATE_LABELS[value]}
              </label>
            ))}
          </fieldset>
          {status === 'scheduled' ? (
            <Field
              label="Publish at"
              name={fields.publishAt.name}
              errors={fields.publishAt.errors}
              hint="Your local time; the product shows in the shop from then on."
            >
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  defaultValue={localDateTime(product?.publishAt ?? null)}
                />
              )}
            </Field>
          ) : null}
        </section>

        {type === 'simple' ? (
          <section className="card inline" aria-labelledby="price-stock">
            <h2 id="price-stock">Price and stock</h2>
            {product?.terms.map((term, t) => (
              <input key={term} type="hidden" name={`terms[${t}]`} value={term} />
            ))}
            <Field label="SKU" name={fields.sku.name} errors={fields.sku.errors}>
              {(control) => <input {...control} defaultValue={product?.sku} />}
            </Field>
            <Field label="Price (€)" name={fields.price.name} errors={fields.price.errors}>
              {(control) => <input {...control} inputMode="decimal" defaultValue={product?.price} />}
            </Field>
            <Field label="Sale price (€)" name={fields.salePrice.name} errors={fields.salePrice.errors}>
              {(control) => <input {...control} inputMode="decimal" defaultValue={product?.salePrice} />}
            </Field>
            <Field
              label="Stock on hand"
              name={fields.stock.name}
              errors={fields.stock.errors}
              hint={product?.stock ? `${product.stock.sold} sold, ${product.stock.held} in carts` : undefined}
            >
              {(control) => (
                <input {...control} inputMode="numeric" defaultValue={product?.stock?.onHand ?? ''} />
              )}
            </Field>
          </section>
        ) : (
          <section className="card stack" aria-labelledby="variations">
            <h2 id="variations">Variations</h2>
            <Field
              label="SKU"
              name={fields.sku.name}
              errors={fields.sku.errors}
              hint="The product's own, if it has one; each variation has its own below."
            >
              {(control) => <input {...control} defaultValue={product?.sku} />}
            </Field>
            {options.attributes.map((attribute) => (
              <div key={attribute.id} className="stack">
                <fieldset className="inline">
                  <legend>{attribute.name}</legend>
                  {attribute.terms.map((term) => (
                    <label key={term.id}>
                      <input
                        type="checkbox"
                        checked={chosen.has(term.id)}
                        onChange={(event) => {
                          const next = new Set(chosen)
                          if (event.target.checked) next.add(term.id)
                          else next.delete(term.id)
                          setChosen(next)
                        }}
                      />
                      {term.name}
                    </label>
                  ))}
                </fieldset>
                <NewTerm attribute={attribute} />
              </div>
            ))}
            {errorsOf('variations') ? (
              <p className="error" role="alert">
                Variations: {errorsOf('variations')!.join(' ')}
              </p>
            ) : null}
            {rows.length > 0 ? (
              <div className="inline">
                <button type="button" aria-describedby="fill-skus-hint" onClick={fillSkus}>
                  Fill empty SKUs
                </button>
                <small className="hint" id="fill-skus-hint">
                  A variation without a SKU gets the product's SKU (or its slug) and its terms, e.g.
                  TEE-BLACK-M.
                </small>
                <span aria-live="polite">{filled}</span>
              </div>
            ) : null}
            <div className="table-wrap">
              <table>
                <caption>One row per combination; a row left out is taken off sale.</caption>
                <thead>
                  <tr>
                    <th scope="col">Variation</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Price (€)</th>
                    <th scope="col">Sale price (€)</th>
                    <th scope="col">Stock on hand</th>
                    {images.length > 0 ? <th scope="col">Image</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((terms, i) => {
                    const label = terms.map((term) => term.name).join(', ')
                    const had = existing.get(keyOf(terms.map((term) => term.id)))
                    const name = (field: string) => `variations[${i}].${field}`
                    const cell = (
                      field: string,
                      defaultValue: string | number | undefined,
                      mode: 'decimal' | 'numeric' | 'text',
                    ) => (
                      <GridCell
                        name={name(field)}
                        label={`${field === 'salePrice' ? 'Sale price' : field === 'sku' ? 'SKU' : field === 'price' ? 'Price' : 'Stock'} of ${label}`}
                        errors={errorsOf(name(field))}
                        inputMode={mode}
                        defaultValue={defaultValue}
                      />
                    )
                    return (
                      <tr key={keyOf(terms.map((term) => term.id))}>
                        <th scope="row">
                          {label}
                          {had ? <input type="hidden" name={name('id')} value={had.id} /> : null}
                          {terms.map((term, t) => (
                            <input
                              key={term.id}
                              type="hidden"
                              name={`${name('terms')}[${t}]`}
                              value={term.id}
                            />
                          ))}
                        </th>
                        {cell('sku', had?.sku, 'text')}
                        {cell('price', had?.price, 'decimal')}
                        {cell('salePrice', had?.salePrice, 'decimal')}
                        {cell('stock', had?.stock.onHand, 'numeric')}
                        {images.length > 0 ? (
                          <td>
                            <select
                              key={images.map((image) => image.id).join('-')}
                              name={name('imageId')}
                              aria-label={`Image of ${label}`}
                              defaultValue={had?.imageId ?? ''}
                            >
                              <option value="">None</option>
                              {images.map((image, index) => (
                                <option key={image.id} value={image.id}>
                                  {imageLabel(image, index)}
                                </option>
                              ))}
                            </select>
                          </td>
                        ) : null}
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </section>
        )}
        <div className="inline">
          <GuardedButton type="submit" unavailable={busy}>
            {product ? 'Save product' : 'Create product'}
          </GuardedButton>
        </div>
      </Form>
    </>
  )
}

function variationsByKey(product: AdminProduct | null) {
  const map = new Map<string, AdminProduct['variations'][number]>()
  for (const variation of product?.variations ?? []) {
    const key = keyOf(variation.terms)
    if (!map.has(key) || variation.active) map.set(key, variation)
  }
  return map
}
