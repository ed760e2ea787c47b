import { adminCatalogEndpoints, adminEndpoints } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff } from '../testing.ts'

let t: TestApp
let manager: string
let owner: string

beforeAll(async () => {
  const admin = await createAdminTestApp()
  t = admin.t
  manager = admin.cookies.manager
  owner = admin.cookies.owner
})
afterAll(async () => t?.close())

type Endpoint = (typeof adminCatalogEndpoints)[keyof typeof adminCatalogEndpoints]
const call = (endpoint: Endpoint, body?: unknown, params: Record<string, number> = {}) =>
  callEndpoint(t.app, endpoint, { cookie: manager, body, params })

async function latestAudit(action: string) {
  const res = await callEndpoint(t.app, adminEndpoints.audit, { cookie: owner, query: `action=${action}` })
  return res.json().items[0] as {
    staffEmail: string
    entityId: string | null
    before: unknown
    after: unknown
  }
}

const shopCategories = async () =>
  (
    await t.app.inject({ url: '/wp-json/wc/v3/products/categories?per_page=100&orderby=menu_order' })
  ).json() as {
    id: number
    name: string
  }[]

describe('categories in the back office', () => {
  it('lists every category in menu order with its products', async () => {
    const res = await call(adminCatalogEndpoints.listCategories)
    expect(res.statusCode, res.body).toBe(200)
    const items = res.json().items as { name: string; menuOrder: number; products: number }[]
    expect(items.map((c) => c.name).slice(0, 2)).toEqual(['T-Shirts', 'Tour Edition'])
    expect(items.find((c) => c.name === 'T-Shirts')!.products).toBeGreaterThan(0)
  })

  it('creates one at the end of the menu, audited; refuses a taken slug (409) and a bad one (400)', async () => {
    const res = await call(adminCatalogEndpoints.createCategory, { name: 'Vinyl', slug: 'vinyl' })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({ name: 'Vinyl', slug: 'vinyl', hidden: false, products: 0, menuOrder: 6 })
    expect(await latestAudit('category.create')).toMatchObject({
      staffEmail: demoStaff('manager').email,
      entityId: String(created.id),
      after: { name: 'Vinyl' },
    })
    const taken = await call(adminCatalogEndpoints.createCategory, { name: 'Tees', slug: 't-shirts' })
    expect(taken.json()).toEqual({
      statusCode: 409,
      message: 'The slug "t-shirts" is taken by another category; choose another.',
    })
    const bad = await call(adminCatalogEndpoints.createCategory, { name: '', slug: 'Not ok' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/name|slug/) })
  })

  it('renames and hides one: the shop no longer lists it; before and after are audited', async () => {
    const { items } = (await call(adminCatalogEndpoints.listCategories)).json()
    const kids = items.find((c: { slug: string }) => c.slug === 'kids')
    expect((await shopCategories()).map((c) => c.name)).toContain('Kids')
    const res = await call(
      adminCatalogEndpoints.updateCategory,
      { name: 'Little fans', slug: 'kids', description: kids.description, hidden: true },
      { id: kids.id },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Little fans', hidden: true })
    expect((await shopCategories()).map((c) => c.id)).not.toContain(kids.id)
    expect(await latestAudit('category.update')).toMatchObject({
      entityId: String(kids.id),
      before: { name: 'Kids', hidden: false },
      after: { name: 'Little fans', hidden: true },
    })
    const missing = await call(
      adminCatalogEndpoints.updateCategory,
      { name: 'X', slug: 'x' },
      { id: 999_999 },
    )
    expect(missing.json()).toEqual({ statusCode: 404, message: 'There is no category with id 999999.' })
  })

  it('reorders the menu, which the shop follows; refuses a list that leaves one out', async () => {
    const { items } = (await call(adminCatalogEndpoints.listCategories)).json()
    const ids = (items as { id: number }[]).map((c) => c.id).reverse()
    const res = await call(adminCatalogEndpoints.orderCategories, { ids })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().items.map((c: { id: number }) => c.id)).toEqual(ids)
    const shown = (await shopCategories()).map((c) => c.id)
    expect(shown).toEqual(ids.filter((id) => shown.includes(id)))
    expect(await latestAudit('category.order')).toMatchObject({ after: ids })

    const partial = await call(adminCatalogEndpoints.orderCategories, { ids: ids.slice(1) })
    expect(partial.json()).toEqual({
      statusCode: 422,
      message: 'List every category once, in the new order.',
    })
    const twice = await call(adminCatalogEndpoints.orderCategories, { ids: [ids[0], ids[0]] })
    expect(twice.statusCode).toBe(400)
  })
})
