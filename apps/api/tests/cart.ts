/**
 * What the cart's API tests set up for themselves, so they never depend on the demo catalogue:
 * products with a known price and stock (simple, or a variation with colour and size), shoppers
 * with a login token, and small helpers to call the store API with `inject`.
 */
import { randomUUID } from 'node:crypto'
import type { OrderJson } from '@fanshop/core'
import { issueToken } from '../src/accounts/sessions.ts'
import { createUser } from '../src/accounts/users.ts'
import type { TestApp } from './test-app.ts'

/** The columns a published product row of these tests shares, whatever its kind. */
const publishedRow = (now: number) => ({
  status: 'publish' as const,
  description: '',
  short_description: '',
  sale_price: null,
  stock_sold: 0,
  gender_id: null,
  size_guide_id: null,
  image_id: null,
  menu_order: 0,
  created_at: now,
  updated_at: now,
})

export async function insertProduct(
  t: TestApp,
  input: { price: number; stock: number | null; salePrice?: number; name?: string },
): Promise<number> {
  const now = t.clock.now
  const slug = `fixture-${randomUUID().slice(0, 8)}`
  const { id } = await t.ctx.db
    .insertInto('products')
    .values({
      ...publishedRow(now),
      parent_id: null,
      type: 'simple',
      name: input.name ?? `Fixture ${slug}`,
      slug,
      sku: slug.toUpperCase(),
      regular_price: input.price,
      sale_price: input.salePrice ?? null,
      stock_on_hand: input.stock,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** A variable product with one variation (colour Black, size M); returns both ids. */
export async function insertVariableProduct(
  t: TestApp,
  input: { price: number; stock: number },
): Promise<{ productId: number; variationId: number }> {
  const { db } = t.ctx
  const now = t.clock.now
  const tag = randomUUID().slice(0, 8)
  const colour = await db
    .insertInto('attributes')
    .values({ name: 'Colour', slug: `colour-${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const size = await db
    .insertInto('attributes')
    .values({ name: 'Size', slug: `size-${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const black = await db
    .insertInto('attribute_terms')
    .values({ attribute_id: colour.id, name: 'Black', slug: 'black', menu_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const medium = await db
    .insertInto('attribute_terms')
    .values({ attribute_id: size.id, name: 'M', slug: 'm', menu_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const base = publishedRow(now)
  const parent = await db
    .insertInto('products')
    .values({
      ...base,
      parent_id: null,
      type: 'variable',
      name: `Tour Tee ${tag}`,
      slug: `tour-tee-${tag}`,
      sku: `TEE-${tag}`,
      regular_price: input.price,
      stock_on_hand: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const variation = await db
    .insertInto('products')
    .values({
      ...base,
      parent_id: parent.id,
      type: 'variation',
      name: `Tour Tee ${tag} - Black, M`,
      slug: `tour-tee-${tag}-black-m`,
      sku: `TEE-${tag}-BLACK-M`,
      regular_price: input.price,
      stock_on_hand: input.stock,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('product_terms')
    .values([
      { product_id: variation.id, term_id: black.id },
      { product_id: variation.id, term_id: medium.id },
    ])
    .execute()
  return { productId: parent.id, variationId: variation.id }
}

/** Another variation of a variable product (a size of its own, L unless named); returns its id. */
export async function insertSiblingVariation(
  t: TestApp,
  productId: number,
  input: { price: number; stock: number; size?: string },
): Promise<number> {
  const now = t.clock.now
  const size = input.size ?? 'L'
  const parent = await t.ctx.db
    .selectFrom('products')
    .select(['name', 'slug', 'sku'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
  const { id } = await t.ctx.db
    .insertInto('products')
    .values({
      ...publishedRow(now),
      parent_id: productId,
      type: 'variation',
      name: `${parent.name} - Black, ${size}`,
      slug: `${parent.slug}-black-${size.toLowerCase()}`,
      sku: `${parent.sku}-BLACK-${size}`,
      regular_price: input.price,
      stock_on_hand: input.stock,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** A registered shopper and a valid login token for them. */
export async function insertShopper(t: TestApp): Promise<{ id: number; email: string; token: string }> {
  const email = `fan-${randomUUID().slice(0, 8)}@example.com`
  const user = await createUser(t.ctx, {
    email,
    usernameBase: 'fan',
    passwordHash: null,
    firstName: 'Ana',
    lastName: 'García',
    displayName: 'Ana García',
    gender: null,
    birthday: null,
    termsAcceptedAt: t.clock.now,
  })
  const { data } = await issueToken(t.ctx, user.id, 'password')
  return { id: user.id, email, token: data.token }
}

export async function createCart(t: TestApp, bearer?: string): Promise<OrderJson> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders.json',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    payload: {},
  })
  if (res.statusCode !== 201) throw new Error(`creating a cart answered ${res.statusCode}: ${res.body}`)
  return res.json()
}

export function addLine(
  t: TestApp,
  order: Pick<OrderJson, 'number' | 'token'>,
  variantId: number,
  quantity = 1,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
    payload: { line_item: { variant_id: variantId, quantity } },
  })
}

/** The cart's coupon call (PUT apply_coupon_code), from `remoteAddress` when given. */
export function applyCoupon(
  t: TestApp,
  order: Pick<OrderJson, 'number' | 'token'>,
  code: string,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${order.number}/apply_coupon_code?order_token=${order.token}`,
    payload: { coupon_code: code },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

export async function fetchOrder(t: TestApp, order: Pick<OrderJson, 'number' | 'token'>): Promise<OrderJson> {
  const res = await t.app.inject(`/api/v1/orders/${order.number}.json?order_token=${order.token}`)
  if (res.statusCode !== 200)
    throw new Error(`fetching ${order.number} answered ${res.statusCode}: ${res.body}`)
  return res.json()
}

/** The id of a country by ISO code, and of one of its states by abbreviation. */
export async function placeIds(t: TestApp, iso: string, stateAbbr?: string) {
  const country = await t.ctx.db
    .selectFrom('countries')
    .select('id')
    .where('iso', '=', iso)
    .executeTakeFirstOrThrow()
  const state = stateAbbr
    ? await t.ctx.db
        .selectFrom('states')
        .select('id')
        .where('country_id', '=', country.id)
        .where('abbr', '=', stateAbbr)
        .executeTakeFirstOrThrow()
    : null
  return { countryId: country.id, stateId: state?.id ?? null }
}

export const madridAddress = (ids: { countryId: number; stateId: number | null }) => ({
  firstname: 'Ana',
  lastname: 'García',
  address1: 'Calle Mayor 1',
  city: 'Madrid',
  zipcode: '28013',
  phone: '+34 600 000 000',
  country_id: ids.countryId,
  state_id: ids.stateId,
})

export const approvedCard = {
  name: 'Ana García',
  number: '4242 4242 4242 4242',
  month: 12,
  year: 2099,
  verification_value: '123',
}

export const declinedCard = { ...approvedCard, number: '4000 0000 0000 0002' }
