// The demo's product pictures show what they sell: every variation's image is mostly its own
// colour, and every kind of product is drawn as its own kind of piece (the Tour Beanie once
// showed a cap, 'Black' a purple tee).
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'
import { mediaRoot } from '../media/storage.ts'
import { seedCatalog } from './catalog.ts'
import { type Colour, DEMO_PRODUCTS } from './catalog-data.ts'
import { BACKDROP_HEX, COLOUR_HEX, GARMENTS, type Garment, garmentSvg, hexToRgb } from './garments.ts'

const PALETTE = Object.entries(COLOUR_HEX).map(([name, hex]) => ({ name, rgb: hexToRgb(hex) }))
const BACKDROP = hexToRgb(BACKDROP_HEX)
const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!)

/** The demo colour most of the picture's non-backdrop pixels are nearest to. */
async function dominantColour(image: Buffer | string): Promise<string> {
  const { data, info } = await sharp(image)
    .resize(96, 120)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const counts = new Map<string, number>()
  for (let i = 0; i < data.length; i += info.channels) {
    const pixel = [data[i]!, data[i + 1]!, data[i + 2]!]
    if (distance(pixel, BACKDROP) < 36) continue
    const nearest = PALETTE.reduce((best, colour) =>
      distance(pixel, colour.rgb) < distance(pixel, best.rgb) ? colour : best,
    )
    counts.set(nearest.name, (counts.get(nearest.name) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]
}

/** The piece drawn small, in one colour with one print, as RGB pixels. */
async function pixels(garment: Garment): Promise<number[][]> {
  const svg = garmentSvg({ garment, colour: 'Sand', motif: 'nine' }, 80, 100)
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const out: number[][] = []
  for (let i = 0; i < data.length; i += info.channels) out.push([data[i]!, data[i + 1]!, data[i + 2]!])
  return out
}

/** What a fan reads in a product's name, and the piece they expect to see. */
const KIND_BY_NAME: [RegExp, Garment][] = [
  [/Beanie/, 'beanie'],
  [/Bucket Hat/, 'bucket-hat'],
  [/\bCap\b|Snapback/, 'cap'],
  [/Zip Hoodie|Track Hoodie/, 'zip-hoodie'],
  [/Hoodie/, 'hoodie'],
  [/Crewneck|Sweat/, 'sweatshirt'],
  [/Long Sleeve/, 'long-sleeve'],
  [/Cropped Tee/, 'cropped-tee'],
  [/Tee/, 'tee'],
  [/Poster/, 'poster'],
  [/Vinyl/, 'vinyl'],
  [/Gift Box/, 'gift-box'],
]

describe('demo product pictures', () => {
  it('draw each product as the kind of piece its name says', () => {
    for (const product of DEMO_PRODUCTS) {
      const expected = KIND_BY_NAME.find(([pattern]) => pattern.test(product.name))?.[1]
      expect({ product: product.name, garment: product.garment }).toEqual({
        product: product.name,
        garment: expected,
      })
    }
  })

  it('give every kind of piece its own drawing', async () => {
    const drawn = await Promise.all(GARMENTS.map(pixels))
    for (let a = 0; a < GARMENTS.length; a++) {
      for (let b = a + 1; b < GARMENTS.length; b++) {
        const differing = drawn[a]!.filter((pixel, i) => distance(pixel, drawn[b]![i]!) > 40).length
        expect({ pair: [GARMENTS[a], GARMENTS[b]], differs: differing / drawn[a]!.length > 0.03 }).toEqual({
          pair: [GARMENTS[a], GARMENTS[b]],
          differs: true,
        })
      }
    }
  })

  it('draw every colour as itself on every kind of garment', async () => {
    const fabrics = GARMENTS.filter((garment) => !['poster', 'vinyl', 'gift-box'].includes(garment))
    for (const garment of fabrics) {
      for (const colour of Object.keys(COLOUR_HEX)) {
        const svg = garmentSvg({ garment, colour: colour as Colour, motif: 'nine' }, 240, 300)
        expect(`${garment} in ${await dominantColour(Buffer.from(svg))}`).toBe(`${garment} in ${colour}`)
      }
    }
  })

  describe('once seeded', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ seed: false })
      await seedCatalog(t.ctx)
    })
    afterAll(() => t.close())

    it("show each variation in its own colour ('Black' is black, 'White' is white)", async () => {
      const rows = await t.ctx.db
        .selectFrom('products as v')
        .innerJoin('media as m', 'm.id', 'v.image_id')
        .innerJoin('product_terms as pt', 'pt.product_id', 'v.id')
        .innerJoin('attribute_terms as term', 'term.id', 'pt.term_id')
        .innerJoin('attributes as a', 'a.id', 'term.attribute_id')
        .where('v.type', '=', 'variation')
        .where('a.slug', '=', 'colour')
        .select(['v.name', 'v.image_id', 'm.file', 'term.name as colour'])
        .execute()
      expect(rows.length).toBeGreaterThan(100)
      const byImage = new Map(rows.map((row) => [row.image_id, row]))
      for (const row of byImage.values()) {
        const seen = await dominantColour(path.join(mediaRoot(t.ctx), row.file))
        expect(`${row.name}: ${seen}`).toBe(`${row.name}: ${row.colour}`)
      }
    })
  })
})
