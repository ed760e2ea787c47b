/**
 * The demo catalogue: the merch drop of Dani Rocha, the number 9 who also fronts a band
 * (album "Offside Sessions", the "Extra Time" tour). Plain data; catalog.ts writes it.
 * Category 15 is WooCommerce's "Uncategorized", which the shop leaves out (spec 9).
 */
import type { Garment, PrintMotif } from './garments.ts'

export interface DemoCategory {
  id: number
  name: string
  slug: string
  description: string
  menuOrder: number
  /** Its picture: a piece of the collection, in a colour of it. */
  garment: Garment
  colour?: Colour
}

/** Deliberately not inserted in menu_order, so the order the shop shows comes from menu_order. */
export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    id: 11,
    name: 'Hoodies & Sweats',
    slug: 'hoodies-sweats',
    description: 'Heavy fleece for cold away days and late soundchecks.',
    menuOrder: 2,
    garment: 'hoodie',
    colour: 'Black',
  },
  {
    id: 12,
    name: 'T-Shirts',
    slug: 't-shirts',
    description: 'Tees from the pitch and the stage, printed in Porto on organic cotton.',
    menuOrder: 0,
    garment: 'tee',
    colour: 'White',
  },
  {
    id: 13,
    name: 'Caps & Accessories',
    slug: 'caps-accessories',
    description: 'Caps, hats and beanies to finish the matchday fit.',
    menuOrder: 3,
    garment: 'cap',
    colour: 'Navy',
  },
  {
    id: 14,
    name: 'Tour Edition',
    slug: 'tour-edition',
    description: 'Only made for the Extra Time tour. When it is gone, it is gone.',
    menuOrder: 1,
    garment: 'poster',
  },
  {
    id: 15,
    name: 'Uncategorized',
    slug: 'uncategorized',
    description: '',
    menuOrder: 5,
    garment: 'gift-box',
  },
  {
    id: 16,
    name: 'Kids',
    slug: 'kids',
    description: 'Small sizes for the next number 9.',
    menuOrder: 4,
    garment: 'tee',
    colour: 'Pink Swan',
  },
]

export const DEMO_GENDERS = [
  { name: 'Men', slug: 'men' },
  { name: 'Women', slug: 'women' },
  { name: 'Unisex', slug: 'unisex' },
  { name: 'Kids', slug: 'kids' },
] as const
export type GenderSlug = (typeof DEMO_GENDERS)[number]['slug']

export const DEMO_ATTRIBUTES = [
  {
    name: 'Colour',
    slug: 'colour',
    terms: ['Black', 'White', 'Sand', 'Navy', 'Heather Grey', 'Forest Green', 'Burgundy', 'Pink Swan'],
  },
  {
    name: 'Size',
    slug: 'size',
    terms: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '4-5 Y', '6-7 Y', '8-9 Y', '10-11 Y', 'One Size'],
  },
] as const
export type Colour = (typeof DEMO_ATTRIBUTES)[0]['terms'][number]
export type Size = (typeof DEMO_ATTRIBUTES)[1]['terms'][number]

export interface DemoSizeGuide {
  key: 'tee' | 'hoodie' | 'kids'
  name: string
  description: string
  rows: { size: Size; chest: number; body: number }[]
  measure: { description: string; chest: string; body: string; artworkSeed: number; alt: string }
}

const TEE_MEASURE = {
  description:
    'Lay a tee that fits you well flat on a table, smooth it out and measure it. Compare the numbers with the table: they are the garment’s own measurements, not your body’s.',
  chest: 'Measure straight across the front, 2 cm below the armpits, from one side seam to the other.',
  body: 'Measure from the highest point of the shoulder, next to the collar, straight down to the hem.',
  artworkSeed: 901,
  alt: 'A flat tee with dashed lines across the chest and down the body length',
}

export const DEMO_SIZE_GUIDES: DemoSizeGuide[] = [
  {
    key: 'tee',
    name: 'Regular fit tee',
    description:
      'Garment measured flat, in centimetres. Our tees have a regular fit; between two sizes, take the larger one for a relaxed look.',
    rows: [
      { size: 'XS', chest: 47, body: 67 },
      { size: 'S', chest: 50, body: 69 },
      { size: 'M', chest: 53, body: 71 },
      { size: 'L', chest: 56, body: 73 },
      { size: 'XL', chest: 59, body: 75 },
      { size: 'XXL', chest: 62, body: 77 },
    ],
    measure: TEE_MEASURE,
  },
  {
    key: 'hoodie',
    name: 'Oversized hoodie',
    description:
      'Garment measured flat, in centimetres. Hoodies and sweats are cut oversized: take your usual size for the intended fit, one size down for a closer one.',
    rows: [
      { size: 'XS', chest: 55, body: 66 },
      { size: 'S', chest: 58, body: 68 },
      { size: 'M', chest: 61, body: 70 },
      { size: 'L', chest: 64, body: 72 },
      { size: 'XL', chest: 67, body: 74 },
      { size: 'XXL', chest: 70, body: 76 },
    ],
    measure: {
      description:
        'Lay the hoodie flat with the hood folded back and the sleeves to the sides, then measure it and compare with the table.',
      chest:
        'Chest: measure straight across the front, 2 cm below the armpits, from one side seam to the other.',
      body: 'Measure from the shoulder seam next to the hood straight down to the bottom of the rib.',
      artworkSeed: 902,
      alt: 'A flat hoodie with dashed lines across the chest and down the body length',
    },
  },
  {
    key: 'kids',
    name: 'Kids',
    description:
      'Garment measured flat, in centimetres. Ages are a guide: when in doubt, size up, they grow fast.',
    rows: [
      { size: '4-5 Y', chest: 34, body: 45 },
      { size: '6-7 Y', chest: 37, body: 49 },
      { size: '8-9 Y', chest: 40, body: 53 },
      { size: '10-11 Y', chest: 43, body: 57 },
    ],
    measure: TEE_MEASURE,
  },
]

export interface DemoProduct {
  name: string
  slug: string
  sku: string
  categories: number[]
  gender: GenderSlug | null
  /** Euro cents. */
  price: number
  salePrice?: number
  /** The kind of piece its pictures draw (a beanie is drawn as a beanie, not a cap). */
  garment: Garment
  /** The print on its chest or front. */
  motif?: PrintMotif
  /** Extra detail images after one image per colour (2-4 images in all). */
  detailImages: number
  colours: Colour[]
  /** The sizes it comes in; a variable product has one variation per colour and size. */
  sizes?: Size[]
  sizeGuide?: DemoSizeGuide['key']
  /**
   * A list makes the product variable: units on hand per variation, colour-major then size.
   * A number makes it simple: its own units on hand.
   */
  stock: number | number[]
  /** Units already sold, per variation or in all (a number gives each variation the same). */
  sold?: number | number[]
  description: string
  specs: string[]
}

const ADULT = ['S', 'M', 'L', 'XL'] satisfies Size[]
const ADULT_WIDE = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] satisfies Size[]
const KIDS = ['4-5 Y', '6-7 Y', '8-9 Y', '10-11 Y'] satisfies Size[]

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Extra Time Tour Tee',
    slug: 'extra-time-tour-tee',
    sku: 'ETT-TEE',
    categories: [12, 14],
    gender: 'unisex',
    price: 3490,
    garment: 'tee',
    motif: 'stars',
    detailImages: 1,
    colours: ['Black', 'White'],
    sizes: ADULT_WIDE,
    sizeGuide: 'tee',
    stock: [0, 12, 25, 25, 14, 6, 4, 10, 18, 18, 9, 3],
    sold: [0, 2, 5, 4, 3, 1, 0, 1, 2, 2, 1, 0],
    description:
      '<p>The official tee of the Extra Time tour: twenty-two nights, eleven cities, one band that learned to play between training sessions. The tour dates run down the back, the Extra Time crest sits on the chest.</p><p>Cut in a regular fit from heavy organic cotton that keeps its shape after a season of washes.</p>',
    specs: [
      '100% organic cotton, 220 g/m²',
      'Regular fit, ribbed crew neck',
      'Water-based screen print front and back',
      'Made in Portugal',
    ],
  },
  {
    name: 'Number 9 Heavyweight Tee',
    slug: 'number-9-heavyweight-tee',
    sku: 'N9-HWT',
    categories: [12],
    gender: 'men',
    price: 3990,
    garment: 'tee',
    motif: 'nine',
    detailImages: 2,
    colours: ['Black', 'Sand'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [8, 15, 15, 7, 5, 9, 9, 2],
    description:
      '<p>A big 9 on the back, the way it looks from the stands. Boxy, heavyweight and built to be worn on matchday and every day after.</p><p>The number is puff-printed, so you can feel it under your fingers.</p>',
    specs: [
      '100% cotton, 260 g/m²',
      'Boxy fit, dropped shoulders',
      'Puff print on the back',
      'Made in Portugal',
    ],
  },
  {
    name: 'Offside Sessions Album Tee',
    slug: 'offside-sessions-album-tee',
    sku: 'OSS-TEE',
    categories: [12],
    gender: 'unisex',
    price: 3250,
    salePrice: 2490,
    garment: 'tee',
    motif: 'record',
    detailImages: 0,
    colours: ['White', 'Heather Grey'],
    sizes: ADULT_WIDE,
    sizeGuide: 'tee',
    stock: [6, 11, 14, 12, 8, 3, 5, 9, 10, 10, 6, 2],
    sold: [3, 1, 0, 0, 2, 0, 1, 0, 0, 4, 0, 0],
    description:
      '<p>The cover of <em>Offside Sessions</em>, the album recorded in the dressing room after evening training, printed full size on the front. The tracklist is on the back.</p>',
    specs: ['100% organic cotton, 180 g/m²', 'Regular fit', 'Full-front digital print', 'Made in Portugal'],
  },
  {
    name: 'Left Foot, Right Chord Tee',
    slug: 'left-foot-right-chord-tee',
    sku: 'LFRC-TEE',
    categories: [12],
    gender: 'women',
    price: 2990,
    garment: 'tee',
    motif: 'record',
    detailImages: 1,
    colours: ['Pink Swan', 'White'],
    sizes: ['XS', 'S', 'M', 'L'],
    sizeGuide: 'tee',
    stock: [6, 10, 10, 4, 3, 8, 8, 1],
    description:
      '<p>Named after the lyric everyone sings back at the shows. A slightly fitted tee with the line embroidered small over the heart.</p>',
    specs: ['95% organic cotton, 5% elastane', 'Slim fit', 'Tonal embroidery', 'Made in Portugal'],
  },
  {
    name: 'Stadium Lights Long Sleeve',
    slug: 'stadium-lights-long-sleeve',
    sku: 'SL-LS',
    categories: [12],
    gender: 'unisex',
    price: 4200,
    garment: 'long-sleeve',
    motif: 'stars',
    detailImages: 2,
    colours: ['Black', 'Navy'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [5, 9, 9, 5, 4, 6, 6, 3],
    description:
      '<p>Floodlight towers print down both sleeves, from the night the band played the home ground after the last league game.</p>',
    specs: ['100% cotton, 200 g/m²', 'Regular fit, ribbed cuffs', 'Sleeve prints', 'Made in Portugal'],
  },
  {
    name: 'Golden Boot Cropped Tee',
    slug: 'golden-boot-cropped-tee',
    sku: 'GB-CROP',
    categories: [12],
    gender: 'women',
    price: 2795,
    garment: 'cropped-tee',
    motif: 'crest',
    detailImages: 1,
    colours: ['Sand', 'Black'],
    sizes: ['XS', 'S', 'M', 'L'],
    sizeGuide: 'tee',
    stock: [4, 7, 7, 2, 5, 8, 6, 3],
    description:
      '<p>Twenty-seven goals, one golden boot. A cropped, boxy tee with the trophy in gold foil and the season’s tally underneath.</p>',
    specs: ['100% organic cotton, 200 g/m²', 'Cropped boxy fit', 'Gold foil print', 'Made in Portugal'],
  },
  {
    name: 'Final Whistle Tee',
    slug: 'final-whistle-tee',
    sku: 'FW-TEE',
    categories: [12],
    gender: 'men',
    price: 3100,
    garment: 'tee',
    motif: 'crest',
    detailImages: 1,
    colours: ['White', 'Burgundy'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [10, 20, 20, 10, 10, 20, 20, 10],
    sold: [10, 20, 20, 10, 10, 20, 20, 10],
    description:
      '<p>Released the night of the cup final and gone before the trophy lift. Sold out, and we are not reprinting it.</p>',
    specs: ['100% organic cotton, 220 g/m²', 'Regular fit', 'Screen print front', 'Made in Portugal'],
  },
  {
    name: 'Training Ground Tee',
    slug: 'training-ground-tee',
    sku: 'TG-TEE',
    categories: [12],
    gender: 'unisex',
    price: 2499,
    garment: 'tee',
    motif: 'nine',
    detailImages: 1,
    colours: ['Forest Green', 'Heather Grey'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [1, 2, 3, 1, 2, 1, 0, 2],
    description:
      '<p>The plain training tee the squad warms up in, with a small crest on the sleeve. Last units of this colourway.</p>',
    specs: ['Recycled polyester and cotton', 'Athletic fit', 'Crest on the left sleeve', 'Quick-dry finish'],
  },
  {
    name: 'Extra Time Tour Hoodie',
    slug: 'extra-time-tour-hoodie',
    sku: 'ETT-HOOD',
    categories: [14, 11],
    gender: 'unisex',
    price: 6900,
    garment: 'hoodie',
    motif: 'stars',
    detailImages: 2,
    colours: ['Black', 'Sand'],
    sizes: ADULT_WIDE,
    sizeGuide: 'hoodie',
    stock: [3, 8, 12, 12, 8, 4, 2, 6, 9, 9, 5, 0],
    description:
      '<p>The hoodie the crew wore every night of the Extra Time tour. Heavy brushed fleece, a double-layer hood and the tour cities stitched down the sleeve.</p><p>Oversized on purpose: it fits over a training top.</p>',
    specs: [
      '80% organic cotton, 20% recycled polyester, 400 g/m²',
      'Oversized fit, double-layer hood',
      'Embroidered sleeve',
      'Made in Portugal',
    ],
  },
  {
    name: 'Backstage Pass Tee',
    slug: 'backstage-pass-tee',
    sku: 'BSP-TEE',
    categories: [14],
    gender: 'unisex',
    price: 3600,
    garment: 'tee',
    motif: 'stars',
    detailImages: 1,
    colours: ['Black'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [1, 2, 2, 1],
    description:
      '<p>A reproduction of the laminated pass the crew wore backstage, printed on the chest with each tour night listed underneath. A small run for the tour only.</p>',
    specs: ['100% organic cotton, 220 g/m²', 'Regular fit', 'Screen print front', 'Limited run'],
  },
  {
    name: 'Tour Dates Long Sleeve',
    slug: 'tour-dates-long-sleeve',
    sku: 'TD-LS',
    categories: [14],
    gender: 'unisex',
    price: 4550,
    garment: 'long-sleeve',
    motif: 'stars',
    detailImages: 1,
    colours: ['White', 'Black'],
    sizes: ADULT,
    sizeGuide: 'tee',
    stock: [4, 6, 6, 3, 5, 7, 7, 4],
    description:
      '<p>All twenty-two dates of the Extra Time tour down the sleeves, the band’s crest on the chest. Long sleeves for the autumn legs of the tour.</p>',
    specs: ['100% cotton, 200 g/m²', 'Regular fit', 'Sleeve prints', 'Made in Portugal'],
  },
  {
    name: 'Signed Tour Poster',
    slug: 'signed-tour-poster',
    sku: 'ETT-POSTER',
    categories: [14],
    gender: null,
    price: 1990,
    garment: 'poster',
    detailImages: 1,
    colours: [],
    stock: 7,
    description:
      '<p>The Extra Time tour poster, 50 × 70 cm on heavy matte paper, signed by hand in silver pen. Shipped rolled in a tube.</p>',
    specs: ['50 × 70 cm', '250 g/m² matte paper', 'Hand-signed', 'Shipped rolled'],
  },
  {
    name: 'Offside Sessions Vinyl LP',
    slug: 'offside-sessions-vinyl-lp',
    sku: 'OSS-LP',
    categories: [14],
    gender: null,
    price: 2799,
    garment: 'vinyl',
    detailImages: 2,
    colours: [],
    stock: 40,
    sold: 6,
    description:
      '<p>The debut album on 180 g black vinyl, with a printed inner sleeve of photos from the dressing-room sessions and a download code.</p>',
    specs: ['180 g vinyl', '11 tracks', 'Printed inner sleeve', 'Download code included'],
  },
  {
    name: 'Captain’s Armband Hoodie',
    slug: 'captains-armband-hoodie',
    sku: 'CA-HOOD',
    categories: [11],
    gender: 'men',
    price: 6490,
    garment: 'hoodie',
    motif: 'crest',
    detailImages: 1,
    colours: ['Navy', 'Heather Grey'],
    sizes: ADULT_WIDE,
    sizeGuide: 'hoodie',
    stock: [2, 6, 9, 9, 6, 3, 2, 5, 8, 8, 4, 1],
    description:
      '<p>A woven armband on the left sleeve, like the one he wore the first time he led the team out. Classic fit, kangaroo pocket, brushed inside.</p>',
    specs: ['80% cotton, 20% polyester, 350 g/m²', 'Classic fit', 'Woven armband patch', 'Made in Portugal'],
  },
  {
    name: 'Encore Zip Hoodie',
    slug: 'encore-zip-hoodie',
    sku: 'ENC-ZIP',
    categories: [11],
    gender: 'women',
    price: 7200,
    salePrice: 5900,
    garment: 'zip-hoodie',
    motif: 'record',
    detailImages: 1,
    colours: ['Burgundy', 'Black'],
    sizes: ['XS', 'S', 'M', 'L'],
    sizeGuide: 'hoodie',
    stock: [3, 5, 5, 2, 4, 6, 6, 3],
    description:
      '<p>One more song. A fitted zip hoodie with “Encore” embroidered across the back in the band’s script, and a metal zip that will outlast the tour.</p>',
    specs: ['80% organic cotton, 20% recycled polyester', 'Fitted cut', 'Back embroidery', 'Metal zip'],
  },
  {
    name: 'Home Kit Crewneck Sweat',
    slug: 'home-kit-crewneck-sweat',
    sku: 'HK-CREW',
    categories: [11],
    gender: 'unisex',
    price: 5490,
    garment: 'sweatshirt',
    motif: 'crest',
    detailImages: 1,
    colours: ['Forest Green', 'Sand'],
    sizes: ADULT,
    sizeGuide: 'hoodie',
    stock: [5, 8, 8, 4, 3, 6, 6, 2],
    description:
      '<p>The colours of the home kit, on a soft crewneck with a retro club crest. For Sunday league, Sunday records and Sunday naps.</p>',
    specs: ['100% organic cotton, 320 g/m²', 'Relaxed fit', 'Chenille crest', 'Made in Portugal'],
  },
  {
    name: 'Penalty Box Oversized Hoodie',
    slug: 'penalty-box-oversized-hoodie',
    sku: 'PB-HOOD',
    categories: [11],
    gender: 'unisex',
    price: 7990,
    garment: 'hoodie',
    motif: 'nine',
    detailImages: 2,
    colours: ['Black', 'Heather Grey'],
    sizes: ADULT_WIDE,
    sizeGuide: 'hoodie',
    stock: [2, 4, 6, 6, 4, 2, 1, 3, 4, 4, 3, 1],
    description:
      '<p>Chalk-line print of the penalty box across the back, where most of the goals came from. Our heaviest fleece, cut roomy.</p>',
    specs: ['100% cotton, 450 g/m²', 'Oversized fit', 'Back print', 'Made in Portugal'],
  },
  {
    name: 'Matchday Track Hoodie',
    slug: 'matchday-track-hoodie',
    sku: 'MD-TRACK',
    categories: [11],
    gender: 'women',
    price: 6650,
    garment: 'zip-hoodie',
    motif: 'crest',
    detailImages: 1,
    colours: ['Navy', 'White'],
    sizes: ['XS', 'S', 'M', 'L'],
    sizeGuide: 'hoodie',
    stock: [4, 6, 6, 3, 2, 3, 3, 1],
    description:
      '<p>The hoodie the team walks out in, with contrast piping down the sleeves and the number 9 small on the hem.</p>',
    specs: ['Recycled polyester tricot', 'Regular fit', 'Contrast piping', 'Zip pockets'],
  },
  {
    name: 'Number 9 Dad Cap',
    slug: 'number-9-dad-cap',
    sku: 'N9-CAP',
    categories: [13],
    gender: 'unisex',
    price: 2490,
    garment: 'cap',
    motif: 'nine',
    detailImages: 1,
    colours: ['Black', 'Sand', 'Navy'],
    sizes: ['One Size'],
    stock: [14, 9, 0],
    description:
      '<p>A washed cotton dad cap with a small embroidered 9 and an adjustable brass buckle. Broken in from the first wear.</p>',
    specs: ['100% washed cotton', 'Adjustable strap, brass buckle', 'Embroidered front', 'One size'],
  },
  {
    name: 'Extra Time Snapback',
    slug: 'extra-time-snapback',
    sku: 'ETT-SNAP',
    categories: [13, 14],
    gender: 'unisex',
    price: 2900,
    garment: 'cap',
    motif: 'stars',
    detailImages: 1,
    colours: ['Black'],
    sizes: ['One Size'],
    stock: 3,
    description:
      '<p>Flat peak, structured crown and the Extra Time crest raised in 3D embroidery. A tour staple, three left in the warehouse.</p>',
    specs: ['Cotton twill, structured', 'Snap closure', '3D embroidery', 'One size'],
  },
  {
    name: 'Green Room Bucket Hat',
    slug: 'green-room-bucket-hat',
    sku: 'GR-BUCKET',
    categories: [13],
    gender: 'unisex',
    price: 2750,
    garment: 'bucket-hat',
    motif: 'record',
    detailImages: 1,
    colours: ['Forest Green', 'Black'],
    sizes: ['One Size'],
    stock: [6, 4],
    description:
      '<p>Named after the room where the band waits before going on. Reversible cord bucket hat, one side plain, the other with the tour crest.</p>',
    specs: ['Cotton corduroy', 'Reversible', 'Embroidered crest', 'One size'],
  },
  {
    name: 'Tour Beanie',
    slug: 'tour-beanie',
    sku: 'ETT-BEANIE',
    categories: [13],
    gender: 'unisex',
    price: 2200,
    garment: 'beanie',
    motif: 'stars',
    detailImages: 1,
    colours: ['Burgundy'],
    sizes: ['One Size'],
    stock: 2,
    description: '<p>Ribbed merino beanie with a woven tour label, for the winter dates in the north.</p>',
    specs: ['100% merino wool', 'Double-layer cuff', 'Woven label', 'One size'],
  },
  {
    name: 'Embroidered Logo Cap',
    slug: 'embroidered-logo-cap',
    sku: 'LOGO-CAP',
    categories: [13],
    gender: 'unisex',
    price: 2690,
    salePrice: 1990,
    garment: 'cap',
    motif: 'crest',
    detailImages: 1,
    colours: ['White'],
    sizes: ['One Size'],
    stock: 12,
    sold: 1,
    description:
      '<p>The band’s logo in tonal embroidery on a six-panel cap. Curved peak, breathable eyelets.</p>',
    specs: ['Cotton twill', 'Six panels, curved peak', 'Tonal embroidery', 'One size'],
  },
  {
    name: 'Kids Number 9 Tee',
    slug: 'kids-number-9-tee',
    sku: 'KIDS-N9',
    categories: [16],
    gender: 'kids',
    price: 1990,
    garment: 'tee',
    motif: 'nine',
    detailImages: 1,
    colours: ['White', 'Navy'],
    sizes: KIDS,
    sizeGuide: 'kids',
    stock: [6, 8, 8, 5, 4, 7, 7, 3],
    description:
      '<p>The number on the back, the name on the shoulders, just like the real one. Soft enough for a full day at the park.</p>',
    specs: ['100% organic cotton, 160 g/m²', 'Regular fit', 'Screen print back', 'Made in Portugal'],
  },
  {
    name: 'Kids Mini Ultras Hoodie',
    slug: 'kids-mini-ultras-hoodie',
    sku: 'KIDS-HOOD',
    categories: [16],
    gender: 'kids',
    price: 3990,
    garment: 'hoodie',
    motif: 'stars',
    detailImages: 1,
    colours: ['Burgundy', 'Heather Grey'],
    sizes: KIDS,
    sizeGuide: 'kids',
    stock: [3, 5, 5, 2, 2, 4, 4, 1],
    description:
      '<p>For the loudest corner of the stands. A cosy kids hoodie with the Mini Ultras badge and a lined hood.</p>',
    specs: ['80% cotton, 20% polyester', 'Lined hood', 'Badge print', 'Made in Portugal'],
  },
  {
    name: 'Kids Matchday Cap',
    slug: 'kids-matchday-cap',
    sku: 'KIDS-CAP',
    categories: [16],
    gender: 'kids',
    price: 1650,
    garment: 'cap',
    motif: 'nine',
    detailImages: 1,
    colours: ['Navy'],
    sizes: ['One Size'],
    stock: 5,
    description: '<p>A small cap with a big 9, sized for heads aged four to ten.</p>',
    specs: ['Cotton twill', 'Adjustable strap', 'Embroidered front', 'Kids size'],
  },
  {
    name: 'Gift Box',
    slug: 'gift-box',
    sku: 'GIFT-BOX',
    categories: [15],
    gender: null,
    price: 450,
    garment: 'gift-box',
    detailImages: 1,
    colours: [],
    stock: 100,
    description:
      '<p>A black card box with tissue paper and a handwritten note. Add it to your order and we pack it for you.</p>',
    specs: ['Recycled card', 'Tissue paper', 'Handwritten note'],
  },
]
