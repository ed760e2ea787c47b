import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import {
  type AdminEndpoint,
  type AdminProduct,
  adminCatalogEndpoints,
  adminEndpoints,
  endpointPath,
  MAX_IMAGE_BYTES,
  type StaffRole,
} from '@fanshop/core'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login as customerLogin } from '../../../tests/accounts.ts'
import { type TestApp, testDialect } from '../../../tests/test-app.ts'
import { DEMO_CUSTOMER } from '../../demo/accounts.ts'
import { mediaRoot, storeMedia } from '../../media/storage.ts'
import { callEndpoint, createAdminTestApp, demoStaff as demo, type EndpointCall } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>
let manager: string

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
  manager = cookies.manager
})
afterAll(async () => t?.close())

const endpoints = adminCatalogEndpoints

/** An endpoint called as the manager unless `cookie` says otherwise ('' for no session). */
const call = (endpoint: AdminEndpoint, options: EndpointCall = {}) =>
  callEndpoint(t.app, endpoint, { ...options, cookie: options.cookie ?? manager })

/** A PNG whose header declares this size over a few bytes of pixels: readable metadata, undecodable. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })

/** A form of files, as the back office's file input sends it. */
function form(...files: { name: string; data: Buffer; type?: string }[]) {
  const body = new FormData()
  for (const file of files) {
    body.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name)
  }
  return body
}

function upload(productId: number, body: FormData, cookie = manager) {
  return call(endpoints.uploadProductImages, { cookie, params: { id: productId }, body })
}

let made = 0
/** A published variable product (Black M and L) of its own; answers it as the form reads it. */
async function newProduct(): Promise<AdminProduct> {
  const options = (await call(endpoints.catalogueOptions)).json() as {
    attributes: { name: string; terms: { id: number; name: string }[] }[]
  }
  const term = (attribute: string, name: string) =>
    options.attributes.find((a) => a.name === attribute)!.terms.find((x) => x.name === name)!.id
  const slug = `image-tee-${++made}`
  const res = await call(endpoints.createProduct, {
    body: {
      type: 'variable',
      name: `Image Tee ${made}`,
      slug,
      status: 'published',
      variations: ['M', 'L'].map((size) => ({
        terms: [term('Colour', 'Black'), term('Size', size)],
        sku: `${slug}-${size}`,
        price: '20',
        stock: 3,
      })),
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function auditOf(action: string) {
  const res = await call(adminEndpoints.audit, { cookie: cookies.owner, query: `action=${action}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items as { staffEmail: string; entityId: string; before: unknown; after: unknown }[]
}

const mediaCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const storedFiles = () => fs.readdirSync(path.join(mediaRoot(t.ctx), 'originals')).length

describe('who may change product images', () => {
  const imageEndpoints: [string, AdminEndpoint][] = [
    ['uploadProductImages', endpoints.uploadProductImages],
    ['productImageAlt', endpoints.productImageAlt],
    ['orderProductImages', endpoints.orderProductImages],
    ['removeProductImage', endpoints.removeProductImage],
  ]
  it.each(imageEndpoints)(
    '%s: 401 without a session or with a customer token, 403 to fulfilment and editor',
    async (_name, endpoint) => {
      const params = { id: 1, mediaId: 1 }
      expect((await call(endpoint, { cookie: '', params })).statusCode).toBe(401)
      const token = (await customerLogin(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).json().data
        .token
      const customer = await t.app.inject({
        method: endpoint.method,
        url: endpointPath(endpoint, params),
        headers: { authorization: `Bearer ${token}` },
      })
      expect(customer.statusCode).toBe(401)
      for (const role of ['fulfilment', 'editor'] as const) {
        const cookie = cookies[role]
        const res =
          endpoint === endpoints.uploadProductImages
            ? await upload(1, form({ name: 'a.png', data: await solid(8, 8).png().toBuffer() }), cookie)
            : await call(endpoint, { cookie, params, body: endpoint.body ? {} : undefined })
        expect(res.json()).toEqual({ statusCode: 403, message: 'Your role does not allow this.' })
      }
    },
  )

  it('the owner may upload too', async () => {
    const product = await newProduct()
    const owner = cookies.owner
    const res = await upload(
      product.id,
      form({ name: 'a.png', data: await solid(8, 8).png().toBuffer() }),
      owner,
    )
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('uploading', () => {
  it('stores each image upright without its metadata, audits it, and the shop shows it as the main image', async () => {
    const product = await newProduct()
    // 40 × 20 pixels stored sideways: EXIF orientation 6 turns it to 20 × 40.
    const photo = await solid(40, 20)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'Secret Owner', Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N' } },
      })
      .toBuffer()
    const before = await sharp(photo).metadata()
    expect(before.exif).toBeDefined()
    expect(before.orientation).toBe(6)

    const res = await upload(
      product.id,
      form(
        { name: 'photo.jpg', data: photo, type: 'image/jpeg' },
        { name: 'back.webp', data: await solid(30, 30).webp().toBuffer(), type: 'image/webp' },
      ),
    )
    expect(res.statusCode, res.body).toBe(201)
    const saved = res.json() as AdminProduct
    expect(saved.images).toHaveLength(2)
    expect(saved.images[0]).toMatchObject({ width: 20, height: 40, alt: '' })

    const row = await t.ctx.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', saved.images[0]!.id)
      .executeTakeFirstOrThrow()
    expect(row.mime).toBe('image/jpeg')
    const stored = await sharp(path.join(mediaRoot(t.ctx), row.file)).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(fs.readFileSync(path.join(mediaRoot(t.ctx), row.file)).includes('Secret Owner')).toBe(false)

    const shop = (await t.app.inject({ url: `/wp-json/wc/v3/products/${product.slug}` })).json()
    expect(shop.images.map((image: { id: number }) => image.id)).toEqual(
      saved.images.map((image) => image.id),
    )
    const main = await t.ctx.db
      .selectFrom('products')
      .select('image_id')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    expect(main.image_id).toBe(saved.images[0]!.id)
    const thumbnail = await t.app.inject({ url: `/media/${saved.images[0]!.id}/160.webp` })
    expect(thumbnail.statusCode).toBe(200)

    const [entry] = await auditOf('product.images.add')
    expect(entry).toMatchObject({
      staffEmail: demo('manager').email,
      entityId: String(product.id),
      before: [],
    })
    expect(entry!.after).toEqual(saved.images.map((image) => ({ id: image.id, alt: '' })))
  })

  it('refuses a file that is not an image, and stores none of the upload', async () => {
    const product = await newProduct()
    const [media, files] = [await mediaCount(), storedFiles()]
    const res = await upload(
      product.id,
      form(
        { name: 'fine.png', data: await solid(10, 10).png().toBuffer() },
        { name: 'notes.png', data: Buffer.from('just some text, not pixels') },
      ),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      statusCode: 422,
      message: '"notes.png" is not an image the shop takes: send a JPEG, PNG, WebP or AVIF file.',
    })
    const gif = await upload(product.id, form({ name: 'a.gif', data: await solid(10, 10).gif().toBuffer() }))
    expect(gif.statusCode).toBe(422)
    expect([await mediaCount(), storedFiles()]).toEqual([media, files])
    expect((await call(endpoints.product, { params: { id: product.id } })).json().images).toEqual([])
  })

  it('refuses a file over the size cap with 413', async () => {
    const product = await newProduct()
    const media = await mediaCount()
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(MAX_IMAGE_BYTES)])
    const res = await upload(product.id, form({ name: 'huge.png', data: big }))
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      statusCode: 413,
      message: '"huge.png" is larger than 10 MB; an image may be at most 10 MB.',
    })
    expect(await mediaCount()).toBe(media)
  })

  it('refuses an image over the pixel cap with 422 without decoding it', async () => {
    const product = await newProduct()
    const media = await mediaCount()
    // 8000 × 6000 is 48 megapixels; with so little pixel data, only a check before decoding names the size.
    const wide = pngHeaderOnly(8000, 6000)
    const res = await upload(product.id, form({ name: 'wide.png', data: wide }))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(
      '"wide.png" is 8000 × 6000 pixels; an image may have at most 40 megapixels.',
    )
    expect(await mediaCount()).toBe(media)
  })

  it('refuses with 422 a side past what WebP and AVIF hold, or a strip of extreme proportions', async () => {
    const product = await newProduct()
    const media = await mediaCount()
    const cases: [string, Buffer, string][] = [
      [
        'strip.jpg',
        await solid(1, 30_000).jpeg().toBuffer(),
        'is 1 × 30000 pixels; an image may be at most 16383 pixels wide or high.',
      ],
      [
        'thread.png',
        pngHeaderOnly(1, 39_000_000),
        'is 1 × 39000000 pixels; an image may be at most 16383 pixels wide or high.',
      ],
      [
        'panorama.png',
        pngHeaderOnly(16_384, 1000),
        'is 16384 × 1000 pixels; an image may be at most 16383 pixels wide or high.',
      ],
      [
        'banner.png',
        await solid(1100, 100).png().toBuffer(),
        'is 1100 × 100 pixels; its long side may be at most 10 times its short side.',
      ],
    ]
    for (const [name, data, message] of cases) {
      const res = await upload(product.id, form({ name, data }))
      expect(res.json()).toEqual({ statusCode: 422, message: `"${name}" ${message}` })
    }
    expect(await mediaCount()).toBe(media)
    const tall = await upload(
      product.id,
      form({ name: 'tall.png', data: await solid(100, 1000).png().toBuffer() }),
    )
    expect(tall.statusCode, tall.body).toBe(201)
  })

  it('serves every size of a strip stored before the check, in both formats', async () => {
    const data = await solid(1, 30_000).jpeg().toBuffer()
    const id = await storeMedia(t.ctx, { data, extension: 'jpg', mime: 'image/jpeg', alt: '' })
    for (const format of ['webp', 'avif']) {
      const res = await t.app.inject({ url: `/media/${id}/160.${format}` })
      expect(res.statusCode, res.body).toBe(200)
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1, height: 16_383 })
    }
  })

  it('deletes the files it wrote when the transaction fails part way', async () => {
    const product = await newProduct()
    // The database refuses the product's second image, after the first one's file is written.
    if (testDialect === 'sqlite') {
      await sql`create trigger refuse_second_image before insert on product_images
        when new.product_id = ${sql.lit(product.id)} and new.position >= 1
        begin select raise(abort, 'refused for the test'); end`.execute(t.ctx.db)
    } else {
      await sql`create function refuse_second_image() returns trigger language plpgsql as $$
        begin
          if new.product_id = ${sql.lit(product.id)} and new.position >= 1 then raise exception 'refused for the test'; end if;
          return new;
        end $$`.execute(t.ctx.db)
      await sql`create trigger refuse_second_image before insert on product_images
        for each row execute function refuse_second_image()`.execute(t.ctx.db)
    }
    try {
      const [media, files] = [await mediaCount(), storedFiles()]
      const res = await upload(
        product.id,
        form(
          { name: 'one.png', data: await solid(10, 10).png().toBuffer() },
          { name: 'two.png', data: await solid(12, 12).png().toBuffer() },
        ),
      )
      expect(res.statusCode).toBe(500)
      expect([await mediaCount(), storedFiles()]).toEqual([media, files])
    } finally {
      if (testDialect === 'sqlite') await sql`drop trigger refuse_second_image`.execute(t.ctx.db)
      else {
        await sql`drop trigger refuse_second_image on product_images`.execute(t.ctx.db)
        await sql`drop function refuse_second_image()`.execute(t.ctx.db)
      }
    }
  })

  it('answers 415 to a JSON body, 400 to an empty form and 404 for an unknown product', async () => {
    const product = await newProduct()
    const json = await call(endpoints.uploadProductImages, {
      params: { id: product.id },
      body: { files: [] },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json().message).toBe('Send the images as multipart/form-data, in the field "files".')
    const empty = new FormData()
    empty.append('note', 'no files')
    expect((await upload(product.id, empty)).statusCode).toBe(400)
    const unknown = await upload(999_999, form({ name: 'a.png', data: await solid(8, 8).png().toBuffer() }))
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'There is no product with id 999999.' })
  })
})

describe('alt text, order, removal and variation images', () => {
  it('reorders, names and removes images, sets a variation image, and the shop follows each change', async () => {
    const product = await newProduct()
    const uploaded = await upload(
      product.id,
      form(
        { name: 'one.png', data: await solid(12, 12).png().toBuffer() },
        { name: 'two.png', data: await solid(14, 14).png().toBuffer() },
        { name: 'three.png', data: await solid(16, 16).png().toBuffer() },
      ),
    )
    const [one, two, three] = (uploaded.json() as AdminProduct).images.map((image) => image.id) as [
      number,
      number,
      number,
    ]
    const shopImages = async () =>
      (await t.app.inject({ url: `/wp-json/wc/v3/products/${product.slug}` }))
        .json()
        .images.map((image: { id: number; alt: string }) => [image.id, image.alt])

    const alt = await call(endpoints.productImageAlt, {
      params: { id: product.id, mediaId: two },
      body: { alt: '  Back print, close up ' },
    })
    expect(alt.statusCode, alt.body).toBe(200)
    expect(alt.json().images[1].alt).toBe('Back print, close up')
    const [altEntry] = await auditOf('product.image.alt')
    expect(altEntry!.after).toContainEqual({ id: two, alt: 'Back print, close up' })

    const ordered = await call(endpoints.orderProductImages, {
      params: { id: product.id },
      body: { ids: [two, three, one] },
    })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(await shopImages()).toEqual([
      [two, 'Back print, close up'],
      [three, ''],
      [one, ''],
    ])
    const main = async () =>
      (
        await t.ctx.db
          .selectFrom('products')
          .select('image_id')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow()
      ).image_id
    expect(await main()).toBe(two)
    const [orderEntry] = await auditOf('product.images.order')
    expect(orderEntry).toMatchObject({ entityId: String(product.id) })
    const incomplete = await call(endpoints.orderProductImages, {
      params: { id: product.id },
      body: { ids: [one, two] },
    })
    expect(incomplete.statusCode).toBe(422)

    // The variation's image is chosen with the product's save, among the product's own images.
    const current = ordered.json() as AdminProduct
    const body = (imageId: number | null | '') => ({
      type: 'variable',
      name: current.name,
      slug: current.slug,
      status: 'published',
      variations: current.variations.map((variation, i) => ({
        id: variation.id,
        terms: variation.terms,
        sku: variation.sku,
        price: variation.price,
        stock: variation.stock.onHand,
        ...(i === 0 ? { imageId } : {}),
      })),
    })
    const chosen = await call(endpoints.updateProduct, { params: { id: product.id }, body: body(three) })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(chosen.json().variations.map((v: { imageId: number | null }) => v.imageId)).toEqual([three, null])
    const shop = (await t.app.inject({ url: `/wp-json/wc/v3/products/${product.slug}` })).json()
    expect(shop.variations[0].image.id).toBe(three)
    const other = await newProduct()
    const foreign = await upload(other.id, form({ name: 'x.png', data: await solid(8, 8).png().toBuffer() }))
    const foreignId = (foreign.json() as AdminProduct).images[0]!.id
    const refused = await call(endpoints.updateProduct, { params: { id: product.id }, body: body(foreignId) })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe("Variation 1's image must be one of this product's images.")

    const removed = await call(endpoints.removeProductImage, { params: { id: product.id, mediaId: three } })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().variations[0].imageId).toBeNull()
    expect(await shopImages()).toEqual([
      [two, 'Back print, close up'],
      [one, ''],
    ])
    const [removeEntry] = await auditOf('product.image.remove')
    expect(removeEntry).toMatchObject({ entityId: String(product.id) })
    const again = await call(endpoints.removeProductImage, { params: { id: product.id, mediaId: three } })
    expect(again.statusCode).toBe(404)

    await call(endpoints.removeProductImage, { params: { id: product.id, mediaId: two } })
    await call(endpoints.removeProductImage, { params: { id: product.id, mediaId: one } })
    expect(await main()).toBeNull()
    expect(await shopImages()).toEqual([])
  })

  it('leaves a variation image unchanged when a save does not name it, and clears it with an empty choice', async () => {
    const product = await newProduct()
    const uploaded = (
      await upload(product.id, form({ name: 'a.png', data: await solid(8, 8).png().toBuffer() }))
    ).json() as AdminProduct
    const image = uploaded.images[0]!.id
    const save = (imageId?: number | '') =>
      call(endpoints.updateProduct, {
        params: { id: product.id },
        body: {
          type: 'variable',
          name: uploaded.name,
          slug: uploaded.slug,
          status: 'published',
          variations: uploaded.variations.map((variation) => ({
            id: variation.id,
            terms: variation.terms,
            sku: variation.sku,
            price: variation.price,
            stock: variation.stock.onHand,
            ...(imageId === undefined ? {} : { imageId }),
          })),
        },
      })
    expect((await save(image)).json().variations[0].imageId).toBe(image)
    expect((await save()).json().variations[0].imageId).toBe(image)
    expect((await save('')).json().variations[0].imageId).toBeNull()
  })
})
