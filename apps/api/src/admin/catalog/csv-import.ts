/**
 * The catalogue CSV import (issue 11), shared by the back office's upload and `npm run import`.
 * csv-parse reads the file; EVERY row is then checked (core's zod rules per cell and across rows,
 * then against the shop: categories, attributes, SKUs and slugs, stock already held and sold)
 * before anything is written, and any problem refuses the whole file by row and column. A clean
 * file is applied in one transaction: products and variations created or updated by slug and SKU,
 * on hand set through the stock page's conditional UPDATE (stock-adjust.ts); each product created
 * or changed is audited with what changed, and the import with its counts.
 */
import {
  CSV_COLUMNS,
  CSV_LIST_SEPARATOR,
  CSV_OPTIONAL_COLUMNS,
  type CsvImportResult,
  type CsvIssue,
  type CsvRow,
  csvFileIssues,
  csvProductStatus,
  csvRowSchema,
  fanCapSettings,
  perFanCap,
  restoreCsvCell,
  skuKey,
  toDecimalString,
  variationIdentity,
} from '@fanshop/core'
import { CsvError, parse } from 'csv-parse/sync'
import { type Kysely, sql } from 'kysely'
import { sweepProducts } from '../../cart/holds.ts'
import type { ShopContext } from '../../context.ts'
import type { Database } from '../../db/schema.ts'
import { conflictOnUnique, HttpError } from '../../http/errors.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { changeOnHand } from './stock-adjust.ts'

/** Rows one file may hold: a whole shop's catalogue, checked in one request. */
export const MAX_IMPORT_ROWS = 5000

/** The file was refused: nothing changed; `issues` says what to fix, by row and column. */
export class CsvRejected extends HttpError {
  constructor(readonly issues: CsvIssue[]) {
    super(
      422,
      `The file was not imported: ${issues.length} problem${issues.length === 1 ? '' : 's'} to fix; nothing was changed.`,
    )
  }
}

interface FileRow {
  /** The row's line in the file (the header is row 1). */
  row: number
  data: CsvRow
}

/** Reads and checks the file on its own (no database): its rows, or the problems found. */
export function readCatalogCsv(text: string): { rows: FileRow[]; issues: CsvIssue[] } {
  const issues: CsvIssue[] = []
  let header: string[] = []
  let records: { record: Record<string, string>; info: { lines: number } }[]
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      info: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim())
        return header
      },
    })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = (error as CsvError & { lines?: number }).lines
    return { rows: [], issues: [{ row: line ?? 1, column: null, message: error.message }] }
  }
  for (const column of CSV_COLUMNS) {
    if (!header.includes(column)) issues.push({ row: 1, column, message: 'is missing from the header' })
  }
  const known: readonly string[] = [...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS]
  for (const [i, name] of header.entries()) {
    // csv-parse would keep the last of a column's cells, silently.
    if (header.indexOf(name) !== i) issues.push({ row: 1, column: name, message: 'is in the header twice' })
    else if (!known.includes(name)) {
      issues.push({ row: 1, column: name, message: `is not a column (the columns: ${known.join(', ')})` })
    }
  }
  if (issues.length > 0) return { rows: [], issues }
  if (records.length === 0)
    return { rows: [], issues: [{ row: 2, column: null, message: 'The file has no rows.' }] }
  if (records.length > MAX_IMPORT_ROWS) {
    return {
      rows: [],
      issues: [
        { row: 1, column: null, message: `The file has ${records.length} rows; at most ${MAX_IMPORT_ROWS}.` },
      ],
    }
  }
  const rows: FileRow[] = []
  for (const { record, info } of records) {
    // An exported cell that a spreadsheet would run as a formula comes back without its quote.
    const parsed = csvRowSchema.safeParse(
      Object.fromEntries(Object.entries(record).map(([column, cell]) => [column, restoreCsvCell(cell)])),
    )
    if (parsed.success) rows.push({ row: info.lines, data: parsed.data })
    else {
      for (const issue of parsed.error.issues) {
        const column = issue.path[0]
        issues.push({
          row: info.lines,
          column: column === undefined ? null : String(column),
          message: issue.message,
        })
      }
    }
  }
  issues.push(...csvFileIssues(rows))
  return { rows, issues }
}

interface ExistingRow {
  id: number
  slug: string
  sku: string
  type: 'simple' | 'variable' | 'variation'
  parent_id: number | null
  stock_on_hand: number | null
  stock_held: number
  stock_sold: number
}

/** What the file's rows turn into, once each is known to fit the shop. */
interface ProductPlan {
  slug: string
  name: string
  /** Null when every row is retired: an existing product keeps its status, a new one is a draft. */
  status: 'publish' | 'draft' | null
  categoryIds: number[]
  /** The limit per fan (null: none); undefined when the file has no such column, and the product keeps its own. */
  perFanLimit: number | null | undefined
  existing: ExistingRow | null
  variable: boolean
  rows: { fileRow: FileRow; existing: ExistingRow | null; termIds: number[]; termNames: string[] }[]
}

const unique = <T>(values: Iterable<T>) => [...new Set(values)]

/** Checks the rows against the shop and plans the writes; the problems refuse the file. */
async function plan(
  db: Kysely<Database>,
  rows: FileRow[],
): Promise<{ products: ProductPlan[]; issues: CsvIssue[] }> {
  const issues: CsvIssue[] = []
  // The shop's categories and attribute terms are read whole, not by the slugs the file names:
  // a file can name tens of thousands, more than one query may bind (SQLite takes 32,766).
  const [categories, terms] = await Promise.all([
    db.selectFrom('categories').select(['id', 'slug']).execute(),
    db
      .selectFrom('attribute_terms')
      .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
      .select([
        'attributes.id as attribute_id',
        'attributes.slug',
        'attribute_terms.id',
        'attribute_terms.name',
      ])
      .execute(),
  ])
  // A variation's terms are named and slugged in the shop's order of attributes, as the export
  // writes them, whatever the file's: `size:M|colour:Black` is the variation "Black, M".
  const attributeOrder = new Map(terms.map((term) => [term.slug, term.attribute_id]))
  const place = (attribute: string) => attributeOrder.get(attribute) ?? Number.MAX_SAFE_INTEGER
  const ordered = rows.map((row) => ({
    ...row,
    data: {
      ...row.data,
      attributes: [...row.data.attributes].sort((a, b) => place(a.attribute) - place(b.attribute)),
    },
  }))
  const groups = new Map<string, FileRow[]>()
  for (const row of ordered)
    groups.set(row.data.product_slug, [...(groups.get(row.data.product_slug) ?? []), row])

  const skus = unique(ordered.map((row) => skuKey(row.data.sku)))
  const newSlugs = ordered.map(
    (row) =>
      variationIdentity(
        { slug: row.data.product_slug, name: row.data.product_name },
        row.data.attributes.map((pair) => pair.term),
      ).slug,
  )
  const existingColumns = [
    'id',
    'slug',
    'sku',
    'type',
    'parent_id',
    'stock_on_hand',
    'stock_held',
    'stock_sold',
  ] as const
  const [bySlugRows, bySkuRows] = await Promise.all([
    db
      .selectFrom('products')
      .select(existingColumns)
      .where('slug', 'in', unique([...groups.keys(), ...newSlugs]))
      .execute(),
    db
      .selectFrom('products')
      .select(existingColumns)
      .where('sku', '<>', '')
      .where(sql<string>`upper(sku)`, 'in', skus)
      .execute(),
  ])
  // The terms of the variations the file's SKUs name, which an import keeps as they are.
  const variationIds = bySkuRows.flatMap((row) => (row.type === 'variation' ? [row.id] : []))
  const variationTerms = variationIds.length
    ? await db
        .selectFrom('product_terms')
        .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
        .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
        .select(['product_terms.product_id', 'attribute_terms.id', 'attributes.slug', 'attribute_terms.name'])
        .where('product_terms.product_id', 'in', variationIds)
        .orderBy('attributes.id')
        .execute()
    : []
  const termsOf = (variationId: number) => variationTerms.filter((term) => term.product_id === variationId)
  const categoryId = new Map(categories.map((row) => [row.slug, row.id]))
  const knownAttributes = new Set(terms.map((term) => term.slug))
  const termId = new Map(terms.map((term) => [`${term.slug}:${term.name.toLowerCase()}`, term]))
  const bySlug = new Map(bySlugRows.map((row) => [row.slug, row as ExistingRow]))
  const bySku = new Map(bySkuRows.map((row) => [skuKey(row.sku), row as ExistingRow]))
  const slugOfId = new Map(bySlugRows.map((row) => [row.id, row.slug]))

  // The slugs the file gives, by the row that gives each: its products', then its new variations'.
  const slugRows = new Map([...groups].map(([slug, group]) => [slug, group[0]!.row]))
  const products: ProductPlan[] = []
  for (const [slug, group] of groups) {
    const first = group[0]!
    const variable = first.data.attributes.length > 0
    let existing = bySlug.get(slug) ?? null
    const fail = (row: number, column: string | null, message: string) =>
      issues.push({ row, column, message })
    if (existing?.type === 'variation') {
      fail(first.row, 'product_slug', 'is the slug of a variation; name its product')
      existing = null
    } else if (existing && variable !== (existing.type === 'variable')) {
      fail(
        first.row,
        'attributes',
        variable
          ? `product "${slug}" is a simple product: its row has no attributes`
          : `product "${slug}" has variations: give each row its attributes`,
      )
    }
    for (const [i, category] of first.data.categories.entries()) {
      if (!categoryId.has(category))
        fail(first.row, 'categories', `no category "${category}" (item ${i + 1})`)
    }
    const planned: ProductPlan = {
      slug,
      name: first.data.product_name,
      status: csvProductStatus(group),
      categoryIds: first.data.categories.flatMap((category) => categoryId.get(category) ?? []),
      perFanLimit: first.data.per_fan_limit,
      existing,
      variable,
      rows: [],
    }
    for (const fileRow of group) {
      const { data, row } = fileRow
      const resolved = data.attributes.map((pair) =>
        termId.get(`${pair.attribute}:${pair.term.toLowerCase()}`),
      )
      for (const [i, pair] of data.attributes.entries()) {
        if (!knownAttributes.has(pair.attribute)) fail(row, 'attributes', `no attribute "${pair.attribute}"`)
        else if (!resolved[i])
          fail(row, 'attributes', `attribute "${pair.attribute}" has no term "${pair.term}"`)
      }
      const termNames = resolved.map((term, i) => term?.name ?? data.attributes[i]!.term)
      const found = bySku.get(skuKey(data.sku)) ?? null
      const owner = found ? (found.parent_id ?? found.id) : null
      if (found && (existing === null || owner !== existing.id || found.type === 'variable')) {
        fail(
          row,
          'sku',
          found.type === 'variable'
            ? 'is the SKU of a variable product, not of a row with stock'
            : `belongs to another product${owner !== null && slugOfId.has(owner) ? ` ("${slugOfId.get(owner)}")` : ''}`,
        )
      }
      // A simple product is its own stock row; a variation is found by its SKU.
      const current = variable
        ? found?.type === 'variation' && owner === existing?.id
          ? found
          : null
        : existing
      if (current) {
        const committed = Number(current.stock_held) + Number(current.stock_sold)
        if (data.on_hand < committed) {
          fail(row, 'on_hand', `must be at least ${committed}: that many are held in carts or sold`)
        }
        // A variation keeps its terms: updating it would rename it after terms it does not have.
        const kept = variable ? termsOf(current.id) : []
        const termKey = (ids: (number | undefined)[]) => ids.sort((a, b) => (a ?? 0) - (b ?? 0)).join()
        if (
          kept.length > 0 &&
          resolved.every(Boolean) &&
          termKey(kept.map((term) => term.id)) !== termKey(resolved.map((term) => term?.id))
        ) {
          fail(
            row,
            'attributes',
            `must be ${kept.map((term) => `${term.slug}:${term.name}`).join(CSV_LIST_SEPARATOR)}, the attributes of the variation with SKU ${current.sku}: a new variation takes a new SKU`,
          )
        }
      } else if (variable) {
        const identity = variationIdentity({ slug, name: planned.name }, termNames)
        const taken = bySlug.get(identity.slug)
        const givenBy = slugRows.get(identity.slug)
        if (taken)
          fail(row, 'attributes', `a variation with these attributes exists already (SKU ${taken.sku})`)
        else if (planned.rows.some((other) => other.termIds.join() === resolved.map((t) => t?.id).join())) {
          fail(row, 'attributes', 'repeats the attributes of another row of this product')
        } else if (givenBy !== undefined) {
          fail(
            row,
            'attributes',
            `gives its variation the slug "${identity.slug}", which row ${givenBy} uses too`,
          )
        } else slugRows.set(identity.slug, row)
      }
      planned.rows.push({
        fileRow,
        existing: current,
        termIds: resolved.flatMap((t) => t?.id ?? []),
        termNames,
      })
    }
    products.push(planned)
  }
  return { products, issues }
}

/** Reads, checks and (when every row is right) applies a catalogue CSV; throws CsvRejected otherwise. */
export async function importCatalogCsv(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  actor: Actor,
  text: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<CsvImportResult> {
  const read = readCatalogCsv(text)
  if (read.rows.length === 0) throw new CsvRejected(sortIssues(read.issues))
  // Every row that reads well is checked against the shop too, so one answer lists every problem;
  // holds that ran out are given back first, as they no longer count against on hand.
  const first = await plan(ctx.db, read.rows)
  await sweepProducts(
    ctx,
    first.products.flatMap((product) =>
      product.rows.flatMap((row) => (row.existing ? [row.existing.id] : [])),
    ),
  )
  const { products, issues } = await plan(ctx.db, read.rows)
  if (read.issues.length + issues.length > 0) throw new CsvRejected(sortIssues([...read.issues, ...issues]))
  return ctx.db
    .transaction()
    .execute((trx) => apply(trx, actor, ctx.now(), products, read.rows.length, onProgress))
    .catch(conflictOnUnique(CATALOGUE_CHANGED))
}

/** Checked against the catalogue as it was: a slug or SKU saved elsewhere since then. */
const CATALOGUE_CHANGED =
  'A slug or SKU of the file was saved elsewhere while the file was being applied, so nothing was changed: import it again to see which.'

const sortIssues = (issues: CsvIssue[]) => [...issues].sort((a, b) => a.row - b.row)

async function setCategories(trx: Kysely<Database>, productId: number, categoryIds: number[]) {
  await trx.deleteFrom('product_categories').where('product_id', '=', productId).execute()
  if (categoryIds.length === 0) return
  await trx
    .insertInto('product_categories')
    .values(categoryIds.map((category_id) => ({ product_id: productId, category_id })))
    .execute()
}

async function addTerms(trx: Kysely<Database>, productId: number, termIds: number[]) {
  const had = await trx
    .selectFrom('product_terms')
    .select('term_id')
    .where('product_id', '=', productId)
    .execute()
  const missing = unique(termIds).filter((id) => !had.some((row) => row.term_id === id))
  if (missing.length === 0) return
  await trx
    .insertInto('product_terms')
    .values(missing.map((term_id) => ({ product_id: productId, term_id })))
    .execute()
}

/** What a file can change of a product, as its audit entries show it. */
type AuditedProduct = Record<string, unknown>

/** The products `ids` as their audit entries show them: name, status, categories, limit per fan, and each stock row. */
async function auditedProducts(trx: Kysely<Database>, ids: number[]): Promise<Map<number, AuditedProduct>> {
  if (ids.length === 0) return new Map()
  const [rows, categories] = await Promise.all([
    trx
      .selectFrom('products')
      .select([
        'id',
        'parent_id',
        'type',
        'name',
        'status',
        'sku',
        'regular_price',
        'sale_price',
        'stock_on_hand',
        'limited',
        'max_per_fan',
      ])
      .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
      .orderBy('menu_order')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('product_categories')
      .innerJoin('categories', 'categories.id', 'product_categories.category_id')
      .select(['product_categories.product_id', 'categories.slug'])
      .where('product_categories.product_id', 'in', ids)
      .orderBy('categories.id')
      .execute(),
  ])
  const stockOf = (row: (typeof rows)[number]) => ({
    sku: row.sku,
    price: toDecimalString(Number(row.regular_price)),
    salePrice: row.sale_price === null ? '' : toDecimalString(Number(row.sale_price)),
    onHand: Number(row.stock_on_hand),
  })
  const products = new Map<number, AuditedProduct>()
  for (const row of rows.filter((row) => row.parent_id === null)) {
    products.set(row.id, {
      name: row.name,
      status: row.status,
      categories: categories.filter((entry) => entry.product_id === row.id).map((entry) => entry.slug),
      perFanLimit: perFanCap(row),
      ...(row.type === 'variable'
        ? {
            variations: rows
              .filter((variation) => variation.parent_id === row.id)
              .map((variation) => ({
                id: variation.id,
                ...stockOf(variation),
                active: variation.status === 'publish',
              })),
          }
        : stockOf(row)),
    })
  }
  return products
}

/** The fields of `after` that differ from `before`, each side; of variations, those that differ. */
function changesOf(before: AuditedProduct, after: AuditedProduct) {
  const changed = { before: {} as AuditedProduct, after: {} as AuditedProduct }
  for (const key of Object.keys(after)) {
    if (key === 'variations') {
      type Variation = { id: number }
      const was = new Map((before.variations as Variation[]).map((variation) => [variation.id, variation]))
      const now = (after.variations as Variation[]).filter(
        (variation) => JSON.stringify(variation) !== JSON.stringify(was.get(variation.id)),
      )
      if (now.length === 0) continue
      changed.before.variations = now.flatMap((variation) => was.get(variation.id) ?? [])
      changed.after.variations = now
    } else if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed.before[key] = before[key]
      changed.after[key] = after[key]
    }
  }
  return Object.keys(changed.after).length === 0 ? null : changed
}

async function apply(
  trx: Kysely<Database>,
  actor: Actor,
  now: number,
  products: ProductPlan[],
  total: number,
  onProgress: (done: number, total: number) => void,
): Promise<CsvImportResult> {
  const result: CsvImportResult = {
    rows: total,
    productsCreated: 0,
    productsUpdated: 0,
    variationsCreated: 0,
    variationsUpdated: 0,
    stockChanges: 0,
  }
  /** On hand of existing rows, set last and in id order, as every write to stock rows is. */
  const stock: { id: number; set: number; from: number }[] = []
  const before = await auditedProducts(
    trx,
    products.flatMap((product) => (product.existing ? [product.existing.id] : [])),
  )
  const productIds: number[] = []
  let done = 0
  for (const product of products) {
    const first = product.rows[0]!.fileRow.data
    const lowest = Math.min(...product.rows.map((row) => row.fileRow.data.price))
    let productId: number
    if (product.existing) {
      productId = product.existing.id
      await trx
        .updateTable('products')
        .set({
          name: product.name,
          ...(product.status ? { status: product.status } : {}),
          ...(product.perFanLimit === undefined ? {} : fanCapSettings(product.perFanLimit)),
          updated_at: now,
          ...(product.variable ? { regular_price: lowest } : {}),
        })
        .where('id', '=', productId)
        .execute()
      result.productsUpdated += 1
    } else {
      const inserted = await trx
        .insertInto('products')
        .values({
          parent_id: null,
          type: product.variable ? 'variable' : 'simple',
          name: product.name,
          slug: product.slug,
          status: product.status ?? 'draft',
          description: '',
          short_description: '',
          sku: product.variable ? '' : first.sku,
          regular_price: product.variable ? lowest : first.price,
          sale_price: product.variable ? null : first.sale_price,
          stock_on_hand: product.variable ? null : first.on_hand,
          stock_sold: 0,
          gender_id: null,
          size_guide_id: null,
          image_id: null,
          menu_order: 0,
          ...fanCapSettings(product.perFanLimit ?? null),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      productId = inserted.id
      result.productsCreated += 1
    }
    productIds.push(productId)
    await setCategories(trx, productId, product.categoryIds)
    if (product.variable)
      await addTerms(
        trx,
        productId,
        product.rows.flatMap((row) => row.termIds),
      )

    for (const [i, row] of product.rows.entries()) {
      const { data } = row.fileRow
      // A variation's own status says whether it is on its product (as the product form sets it).
      const variationStatus = data.status === 'retired' ? ('draft' as const) : ('publish' as const)
      if (!product.variable) {
        if (product.existing) {
          await trx
            .updateTable('products')
            .set({ sku: data.sku, regular_price: data.price, sale_price: data.sale_price })
            .where('id', '=', productId)
            .execute()
          stock.push({ id: productId, set: data.on_hand, from: Number(product.existing.stock_on_hand) })
        }
      } else if (row.existing) {
        await trx
          .updateTable('products')
          .set({
            sku: data.sku,
            name: variationIdentity(product, row.termNames).name,
            status: variationStatus,
            regular_price: data.price,
            sale_price: data.sale_price,
            updated_at: now,
          })
          .where('id', '=', row.existing.id)
          .execute()
        stock.push({ id: row.existing.id, set: data.on_hand, from: Number(row.existing.stock_on_hand) })
        result.variationsUpdated += 1
      } else {
        const identity = variationIdentity(product, row.termNames)
        const { id } = await trx
          .insertInto('products')
          .values({
            parent_id: productId,
            type: 'variation',
            name: identity.name,
            slug: identity.slug,
            status: variationStatus,
            description: '',
            short_description: '',
            sku: data.sku,
            regular_price: data.price,
            sale_price: data.sale_price,
            stock_on_hand: data.on_hand,
            stock_sold: 0,
            gender_id: null,
            size_guide_id: null,
            image_id: null,
            menu_order: i,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('product_terms')
          .values(row.termIds.map((term_id) => ({ product_id: id, term_id })))
          .execute()
        result.variationsCreated += 1
      }
      onProgress(++done, total)
    }
  }
  for (const change of stock.sort((a, b) => a.id - b.id)) {
    if (change.set === change.from) continue
    await changeOnHand(
      trx,
      actor,
      now,
      change.id,
      { set: change.set },
      { reason: 'import', note: 'CSV import' },
    )
    result.stockChanges += 1
  }
  // Each product created or changed gets its entry, as the product form's saves do.
  const after = await auditedProducts(trx, productIds)
  for (const id of productIds) {
    const was = before.get(id)
    const changes = was ? changesOf(was, after.get(id)!) : { before: undefined, after: after.get(id) }
    if (!changes) continue
    await recordAudit(trx, actor, now, {
      action: was ? 'product.update' : 'product.create',
      entity: 'product',
      entityId: id,
      ...changes,
    })
  }
  await recordAudit(trx, actor, now, { action: 'catalog.import', entity: 'catalog', after: result })
  return result
}
