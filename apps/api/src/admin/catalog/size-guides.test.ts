import {
  type AdminEndpoint,
  adminCatalogEndpoints,
  adminEndpoints,
  adminSizeGuideEndpoints,
  STAFF_ROLES,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff as demo } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

const call = (
  endpoint: AdminEndpoint,
  body?: unknown,
  params: Record<string, number> = {},
  role: StaffRole = 'manager',
) => callEndpoint(t.app, endpoint, { cookie: cookies[role], body, params })

async function latestAudit(action: string) {
  const res = await callEndpoint(t.app, adminEndpoints.audit, {
    cookie: cookies.owner,
    query: `action=${action}`,
  })
  return res.json().items[0] as {
    staffEmail: string
    entityId: string | null
    before: unknown
    after: unknown
  }
}

const hoodieGuide = {
  name: 'Hoodies',
  description: 'Garment measurements in centimetres.',
  rows: [
    { size: 'S', chest: '52', body: '68' },
    { size: 'M', chest: '55', body: '71' },
  ],
  measureDescription: 'Lay the hoodie flat.',
  chestDescription: 'Armpit to armpit.',
  bodyDescription: 'Shoulder to hem.',
}

describe('size guides in the back office', () => {
  let guideId: number

  it('are for the owner and managers only', async () => {
    for (const role of STAFF_ROLES) {
      const res = await call(adminSizeGuideEndpoints.listSizeGuides, undefined, {}, role)
      expect(res.statusCode, role).toBe(role === 'owner' || role === 'manager' ? 200 : 403)
    }
    const create = await call(adminSizeGuideEndpoints.createSizeGuide, hoodieGuide, {}, 'editor')
    expect(create.json()).toEqual({ statusCode: 403, message: 'Your role does not allow this.' })
    const anonymous = await callEndpoint(t.app, adminSizeGuideEndpoints.listSizeGuides)
    expect(anonymous.statusCode).toBe(401)
  })

  it('lists the demo guide with the products that show it', async () => {
    const items = (await call(adminSizeGuideEndpoints.listSizeGuides)).json().items as {
      name: string
      rows: unknown[]
      products: number
    }[]
    expect(items.length).toBeGreaterThan(0)
    expect(items.some((guide) => guide.products > 0 && guide.rows.length > 0)).toBe(true)
  })

  it('creates one, audited, and reads it back', async () => {
    const res = await call(adminSizeGuideEndpoints.createSizeGuide, hoodieGuide)
    expect(res.statusCode, res.body).toBe(201)
    guideId = res.json().id
    expect(res.json()).toEqual({ id: guideId, ...hoodieGuide, measureImageId: null, products: 0 })
    expect(await latestAudit('size_guide.create')).toMatchObject({
      staffEmail: demo('manager').email,
      entityId: String(guideId),
      after: { name: 'Hoodies', rows: hoodieGuide.rows },
    })
    expect((await call(adminSizeGuideEndpoints.sizeGuide, undefined, { id: guideId })).json()).toEqual(
      res.json(),
    )
  })

  it('refuses bad input with 400 naming the field, an unknown image with 422 and an unknown guide with 404', async () => {
    const noRows = await call(adminSizeGuideEndpoints.createSizeGuide, { ...hoodieGuide, rows: [] })
    expect(noRows.statusCode).toBe(400)
    expect(noRows.json().message).toMatch(/rows.*at least one size/)
    const blankCell = await call(adminSizeGuideEndpoints.createSizeGuide, {
      ...hoodieGuide,
      rows: [{ size: 'S', chest: ' ', body: '68' }],
    })
    expect(blankCell.statusCode).toBe(400)
    expect(blankCell.json().message).toMatch(/rows\.0\.chest.*required/)
    const twice = await call(adminSizeGuideEndpoints.createSizeGuide, {
      ...hoodieGuide,
      rows: [hoodieGuide.rows[0], { ...hoodieGuide.rows[0], size: 's' }],
    })
    expect(twice.json().message).toMatch(/each size once/)
    expect(
      (await call(adminSizeGuideEndpoints.createSizeGuide, { ...hoodieGuide, name: '' })).statusCode,
    ).toBe(400)
    const image = await call(adminSizeGuideEndpoints.createSizeGuide, {
      ...hoodieGuide,
      measureImageId: 999_999,
    })
    expect(image.json()).toEqual({ statusCode: 422, message: 'There is no image with id 999999.' })
    const unknown = await call(adminSizeGuideEndpoints.updateSizeGuide, hoodieGuide, { id: 999_999 })
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'There is no size guide with id 999999.' })
  })

  it('updates one (before and after audited), with a picture from the media library', async () => {
    const images = (await call(adminSizeGuideEndpoints.measureImages)).json().items as { id: number }[]
    expect(images.length).toBeGreaterThan(0)
    const rows = [...hoodieGuide.rows, { size: 'L', chest: '58', body: '74' }]
    const res = await call(
      adminSizeGuideEndpoints.updateSizeGuide,
      { ...hoodieGuide, rows, measureImageId: images[0]!.id },
      { id: guideId },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ rows, measureImageId: images[0]!.id })
    expect(await latestAudit('size_guide.update')).toMatchObject({
      entityId: String(guideId),
      before: { rows: hoodieGuide.rows, measureImageId: null },
      after: { rows, measureImageId: images[0]!.id },
    })
  })

  it('shows in the shop on a product that names it, and cannot be deleted while it does (409)', async () => {
    const options = (await call(adminCatalogEndpoints.catalogueOptions)).json()
    expect(options.sizeGuides).toContainEqual({ id: guideId, name: 'Hoodies' })
    const product = await call(adminCatalogEndpoints.createProduct, {
      type: 'simple',
      name: 'Guide Hoodie',
      slug: 'guide-hoodie',
      sku: 'GUIDE-HOODIE',
      status: 'published',
      sizeGuideId: guideId,
      price: '40',
      stock: 3,
    })
    expect(product.statusCode, product.body).toBe(201)
    const productId = product.json().id
    const shop = (await t.app.inject({ url: `/wp-json/wc/v3/products/${productId}` })).json()
    expect(shop.size_guide.clothes_size_data.sizes).toContainEqual({
      size: 'L',
      chest_size: '58',
      body_size: '74',
    })
    expect(shop.how_to_measure.description).toBe('Lay the hoodie flat.')
    expect(shop.how_to_measure.content.image).not.toBeNull()

    const refused = await call(adminSizeGuideEndpoints.deleteSizeGuide, undefined, { id: guideId })
    expect(refused.json()).toEqual({
      statusCode: 409,
      message: 'The size guide "Hoodies" is shown by 1 product(s); choose another guide for them first.',
    })
    expect((await call(adminSizeGuideEndpoints.sizeGuide, undefined, { id: guideId })).json().products).toBe(
      1,
    )

    await t.ctx.db.updateTable('products').set({ size_guide_id: null }).where('id', '=', productId).execute()
    const deleted = await call(adminSizeGuideEndpoints.deleteSizeGuide, undefined, { id: guideId })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await latestAudit('size_guide.delete')).toMatchObject({
      entityId: String(guideId),
      before: { name: 'Hoodies' },
    })
    expect((await call(adminSizeGuideEndpoints.sizeGuide, undefined, { id: guideId })).statusCode).toBe(404)
  })
})
