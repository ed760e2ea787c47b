/**
 * The demo catalogue's product pictures: flat-lay illustrations drawn as SVG (rendered to PNG by
 * sharp at seed time, there is no network). Each kind of product has its own drawing (a tee is
 * not a cap, a beanie is not a cap) and each colour variation is drawn in that colour, with the
 * shading, folds, seams and chest print a real catalogue's flat-lay shows. No text is drawn, so
 * no fonts are needed on the machine.
 */
import type { Colour } from './catalog-data.ts'

export const GARMENTS = [
  'tee',
  'long-sleeve',
  'cropped-tee',
  'hoodie',
  'zip-hoodie',
  'sweatshirt',
  'cap',
  'bucket-hat',
  'beanie',
  'poster',
  'vinyl',
  'gift-box',
] as const
export type Garment = (typeof GARMENTS)[number]

/** What each demo colour looks like as dyed cotton. */
export const COLOUR_HEX: Record<Colour, string> = {
  Black: '#1f1f22',
  White: '#f7f6f2',
  Sand: '#d9c39a',
  Navy: '#1f2f57',
  'Heather Grey': '#9c9fa5',
  'Forest Green': '#2e5e3e',
  Burgundy: '#6f1d33',
  'Pink Swan': '#ecb8bf',
}

/** The surface the garments lie on: a warm, mid-light paper, apart from every colour above. */
export const BACKDROP_HEX = '#cfc8d6'

export type PrintMotif = 'nine' | 'record' | 'stars' | 'crest'
export type View = 'front' | 'back' | 'print' | 'folded'

type Rgb = [number, number, number]

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function mix(hex: string, toward: string, amount: number): string {
  const a = hexToRgb(hex)
  const b = hexToRgb(toward)
  const c = a.map((v, i) => Math.round(v + (b[i]! - v) * amount))
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

const luminance = (hex: string) => {
  const [r, g, b] = hexToRgb(hex)
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

/** The tones one fabric colour needs: base, shadow, deeper shadow, highlight, and a print ink. */
function tones(hex: string) {
  const dark = luminance(hex) < 0.45
  return {
    base: hex,
    shade: mix(hex, '#000000', dark ? 0.35 : 0.14),
    deep: mix(hex, '#000000', dark ? 0.55 : 0.28),
    light: mix(hex, '#ffffff', dark ? 0.18 : 0.35),
    ink: dark ? '#efe6d2' : '#23232a',
    accent: dark ? '#d9a441' : '#b3283b',
  }
}
type Tones = ReturnType<typeof tones>

// Every drawing is made on an 800 x 1000 board, then scaled to the image's size.
const W = 800
const H = 1000

const stitch = (d: string, t: Tones, width = 2.5) =>
  `<path d="${d}" fill="none" stroke="${t.deep}" stroke-width="${width}" stroke-dasharray="7 6" opacity="0.55"/>`
/** A soft line: a few strokes of falling width and rising opacity read as a blurred one (a blur
 * filter would make seeding ten times slower). */
const soft = (d: string, colour: string, width: number, opacity: number) =>
  [2, 1.1, 0.4]
    .map(
      (k) =>
        `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${(width * k).toFixed(1)}" stroke-linecap="round" opacity="${(opacity / 2.5).toFixed(3)}"/>`,
    )
    .join('')
const fold = (d: string, t: Tones, width = 14) => soft(d, t.deep, width, 0.3)
const shine = (d: string, t: Tones, width = 16) => soft(d, t.light, width, 0.4)
const ribs = (x1: number, x2: number, y1: number, y2: number, step: number, t: Tones) => {
  const lines: string[] = []
  for (let x = x1 + step / 2; x < x2; x += step) lines.push(`M${x.toFixed(1)} ${y1} V${y2}`)
  return `<path d="${lines.join(' ')}" stroke="${t.deep}" stroke-width="2" opacity="0.35"/>`
}

/** A shape filled with the fabric, lit from the top left, with an outline a shade darker. */
function fabric(id: string, d: string, t: Tones) {
  return `<clipPath id="${id}"><path d="${d}"/></clipPath><path d="${d}" fill="${t.base}"/><path d="${d}" fill="url(#light)"/><path d="${d}" fill="none" stroke="${t.shade}" stroke-width="3" stroke-linejoin="round"/>`
}

/** The numeral 9 as strokes, so no font is needed. */
const nine = (x: number, y: number, s: number, colour: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${colour}" stroke-width="15" stroke-linecap="round"><circle cx="0" cy="-22" r="26"/><path d="M26 -22 Q30 40 -18 54"/></g>`

function star(cx: number, cy: number, r: number, colour: string) {
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`)
  }
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`
}

/** The screen print on the chest, centred on (x, y), about 2r wide. */
function print(motif: PrintMotif, x: number, y: number, r: number, t: Tones): string {
  const worn = 'opacity="0.92"'
  switch (motif) {
    case 'nine':
      return `<g ${worn}><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${t.ink}" stroke-width="${r * 0.08}"/><circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke="${t.accent}" stroke-width="${r * 0.04}"/>${nine(x, y + r * 0.05, r / 70, t.ink)}${star(x - r * 0.62, y - r * 0.05, r * 0.1, t.accent)}${star(x + r * 0.62, y - r * 0.05, r * 0.1, t.accent)}</g>`
    case 'record': {
      const grooves = [0.92, 0.78, 0.64, 0.5]
        .map(
          (k) =>
            `<circle cx="${x}" cy="${y}" r="${r * k}" fill="none" stroke="${t.ink}" stroke-width="${r * 0.035}"/>`,
        )
        .join('')
      return `<g ${worn}>${grooves}<circle cx="${x}" cy="${y}" r="${r * 0.3}" fill="${t.accent}"/><circle cx="${x}" cy="${y}" r="${r * 0.06}" fill="${t.base}"/><path d="M${x - r * 1.1} ${y + r * 1.25} h${r * 2.2}" stroke="${t.ink}" stroke-width="${r * 0.08}"/></g>`
    }
    case 'stars':
      return `<g ${worn}>${[-1, 0, 1].map((k) => star(x + k * r * 0.7, y - r * 0.35 - (k === 0 ? r * 0.15 : 0), r * 0.28, t.accent)).join('')}<rect x="${x - r}" y="${y + r * 0.05}" width="${r * 2}" height="${r * 0.2}" fill="${t.ink}"/><rect x="${x - r}" y="${y + r * 0.38}" width="${r * 2}" height="${r * 0.12}" fill="${t.ink}"/><rect x="${x - r * 0.7}" y="${y + r * 0.64}" width="${r * 1.4}" height="${r * 0.12}" fill="${t.ink}"/></g>`
    case 'crest':
      return `<g ${worn}><path d="M${x - r * 0.8} ${y - r} H${x + r * 0.8} V${y + r * 0.1} Q${x + r * 0.8} ${y + r * 0.8} ${x} ${y + r * 1.1} Q${x - r * 0.8} ${y + r * 0.8} ${x - r * 0.8} ${y + r * 0.1} Z" fill="none" stroke="${t.ink}" stroke-width="${r * 0.09}"/><path d="M${x - r * 0.8} ${y - r * 0.35} H${x + r * 0.8}" stroke="${t.accent}" stroke-width="${r * 0.2}"/>${nine(x, y + r * 0.25, r / 110, t.ink)}</g>`
  }
}

const TEE =
  'M320 170 Q400 222 480 170 L575 200 L710 300 L655 425 L578 388 L584 840 Q400 858 216 840 L222 388 L145 425 L90 300 L225 200 Z'
const LONG_SLEEVE =
  'M320 170 Q400 222 480 170 L575 200 Q650 250 722 640 L662 662 L584 430 L584 840 Q400 858 216 840 L216 430 L138 662 L78 640 Q150 250 225 200 Z'
const CROPPED =
  'M320 200 Q400 252 480 200 L575 230 L710 330 L655 455 L578 418 L584 720 Q400 736 216 720 L222 418 L145 455 L90 330 L225 230 Z'
const HOODIE_BODY =
  'M300 205 L225 222 Q140 270 92 660 L98 700 L172 712 L224 470 L222 800 L578 800 L576 470 L628 712 L702 700 L708 660 Q660 270 575 222 L500 205 Q400 262 300 205 Z'
const SWEAT_BODY =
  'M318 190 Q400 236 482 190 L575 214 Q660 262 708 660 L702 700 L628 712 L576 470 L578 800 L222 800 L224 470 L172 712 L98 700 L92 660 Q140 262 225 214 Z'

function tee(t: Tones, motif: PrintMotif, view: View, shape: 'tee' | 'long' | 'cropped') {
  const d = shape === 'tee' ? TEE : shape === 'long' ? LONG_SLEEVE : CROPPED
  const dy = shape === 'cropped' ? 30 : 0
  const hemY = shape === 'cropped' ? 720 : 840
  const parts = [
    `<path d="M320 ${170 + dy} Q400 ${150 + dy} 480 ${170 + dy} Q400 ${222 + dy} 320 ${170 + dy} Z" fill="${t.deep}"/>`,
    fabric('body', d, t),
    view === 'back'
      ? `<path d="M320 ${170 + dy} Q400 ${190 + dy} 480 ${170 + dy}" fill="none" stroke="${t.shade}" stroke-width="16"/>`
      : `<path d="M320 ${170 + dy} Q400 ${222 + dy} 480 ${170 + dy}" fill="none" stroke="${t.shade}" stroke-width="18"/>`,
    stitch(`M316 ${186 + dy} Q400 ${244 + dy} 484 ${186 + dy}`, t),
    stitch(`M225 ${200 + dy} Q232 ${300 + dy} 222 ${shape === 'long' ? 430 : 388 + dy}`, t),
    stitch(`M575 ${200 + dy} Q568 ${300 + dy} 578 ${shape === 'long' ? 430 : 388 + dy}`, t),
    stitch(`M220 ${hemY - 22} Q400 ${hemY - 6} 580 ${hemY - 22}`, t),
    shape === 'long'
      ? `<path d="M78 640 L138 662 L146 636 L86 612 Z M722 640 L662 662 L654 636 L714 612 Z" fill="${t.shade}"/>`
      : stitch(`M105 ${318 + dy} L160 ${400 + dy} M695 ${318 + dy} L640 ${400 + dy}`, t),
    fold(`M250 ${480 + dy} Q300 ${560 + dy} 280 ${680 + dy}`, t),
    fold(`M560 ${440 + dy} Q520 ${540 + dy} 545 ${660 + dy}`, t, 10),
    fold(`M300 ${hemY - 70} Q400 ${hemY - 95} 500 ${hemY - 60}`, t, 10),
    shine(`M270 ${300 + dy} Q300 ${420 + dy} 290 ${520 + dy}`, t),
  ]
  if (view === 'front') parts.push(print(motif, 400, 380 + dy, 95, t))
  if (view === 'back') parts.push(nine(400, 360 + dy, 1.6, t.ink), print('stars', 400, 560 + dy, 70, t))
  return parts.join('')
}

function hoodie(t: Tones, motif: PrintMotif, view: View, kind: 'hoodie' | 'zip' | 'sweat') {
  const parts: string[] = []
  if (kind === 'sweat') {
    parts.push(
      `<path d="M318 190 Q400 170 482 190 Q400 236 318 190 Z" fill="${t.deep}"/>`,
      fabric('body', SWEAT_BODY, t),
      `<path d="M318 190 Q400 236 482 190" fill="none" stroke="${t.shade}" stroke-width="24"/>`,
      ribs(300, 500, 192, 222, 9, t),
    )
  } else {
    parts.push(fabric('hood', 'M282 250 Q262 78 400 64 Q538 78 518 250 Z', t), fabric('body', HOODIE_BODY, t))
    if (view !== 'back') {
      parts.push(
        `<path d="M318 214 Q400 96 482 214 Q400 300 318 214 Z" fill="${t.deep}"/>`,
        `<path d="M318 214 Q400 300 482 214" fill="none" stroke="${t.shade}" stroke-width="14"/>`,
      )
      if (kind === 'hoodie') {
        parts.push(
          `<path d="M372 262 Q366 330 370 400 M428 262 Q434 330 430 400" fill="none" stroke="${t.ink}" stroke-width="7" stroke-linecap="round"/>`,
          `<rect x="364" y="396" width="12" height="28" rx="3" fill="${t.deep}"/><rect x="424" y="396" width="12" height="28" rx="3" fill="${t.deep}"/>`,
        )
      }
    } else {
      parts.push(stitch('M400 70 Q404 160 400 250', t), fold('M330 120 Q340 180 320 240', t, 10))
    }
  }
  parts.push(
    `<path d="M222 760 L578 760 L578 800 L222 800 Z" fill="${t.shade}"/>`,
    ribs(222, 578, 762, 800, 9, t),
    `<path d="M98 700 L172 712 L178 680 L102 668 Z M702 700 L628 712 L622 680 L698 668 Z" fill="${t.shade}"/>`,
    stitch('M225 222 Q236 340 224 470', t),
    stitch('M575 222 Q564 340 576 470', t),
    fold('M150 420 Q175 520 165 620', t, 12),
    fold('M650 420 Q625 520 635 620', t, 12),
    fold('M260 520 Q300 600 280 700', t),
    shine('M260 300 Q290 400 276 500', t),
  )
  if (view !== 'back') {
    if (kind === 'hoodie') {
      parts.push(
        `<path d="M270 600 L530 600 L560 756 L240 756 Z" fill="${t.base}" stroke="${t.shade}" stroke-width="3"/>`,
        `<path d="M270 600 L240 756 M530 600 L560 756" stroke="${t.deep}" stroke-width="5" opacity="0.5"/>`,
        stitch('M276 612 L524 612', t),
      )
    }
    if (kind === 'zip') {
      parts.push(
        `<path d="M400 250 V760" stroke="${t.deep}" stroke-width="12"/>`,
        `<path d="M400 250 V760" stroke="#b9b6ae" stroke-width="4" stroke-dasharray="3 4"/>`,
        `<rect x="392" y="262" width="16" height="34" rx="4" fill="#c9c6bf" stroke="#6d6a63" stroke-width="2"/>`,
        `<path d="M250 600 L290 720 M550 600 L510 720" stroke="${t.deep}" stroke-width="7" stroke-linecap="round"/>`,
        stitch('M262 596 L304 724 M538 596 L496 724', t),
        `<path d="M224 470 L576 470" stroke="${t.shade}" stroke-width="26" opacity="0.8"/>`,
        `<path d="M224 456 L576 456 M224 484 L576 484" stroke="${t.light}" stroke-width="4" opacity="0.6"/>`,
        print(motif, 305, 380, 42, t),
      )
    } else {
      parts.push(print(motif, 400, kind === 'sweat' ? 380 : 505, kind === 'sweat' ? 110 : 78, t))
    }
  } else {
    parts.push(nine(400, 420, 1.8, t.ink))
  }
  return parts.join('')
}

function cap(t: Tones, motif: PrintMotif, view: View) {
  const crown = 'M205 600 Q205 300 400 288 Q595 300 595 600 Z'
  const parts = [
    fabric('crown', crown, t),
    `<path d="M400 292 Q318 380 300 600 M400 292 Q482 380 500 600" fill="none" stroke="${t.shade}" stroke-width="4"/>`,
    stitch('M400 300 Q328 384 312 596 M400 300 Q472 384 488 596', t),
    `<circle cx="400" cy="292" r="14" fill="${t.shade}"/>`,
    `<circle cx="285" cy="380" r="7" fill="${t.deep}"/><circle cx="515" cy="380" r="7" fill="${t.deep}"/>`,
    shine('M260 460 Q270 380 320 340', t),
  ]
  if (view === 'back') {
    parts.push(
      `<path d="M320 600 Q400 520 480 600 Z" fill="${t.deep}"/>`,
      `<rect x="335" y="578" width="130" height="22" rx="8" fill="${t.shade}"/>`,
      `<circle cx="360" cy="589" r="5" fill="${t.light}"/><circle cx="385" cy="589" r="5" fill="${t.light}"/>`,
    )
  } else {
    parts.push(
      `<path d="M205 596 Q400 566 595 596 Q600 640 400 668 Q200 640 205 596 Z" fill="${t.deep}"/>`,
      fabric('brim', 'M196 590 Q400 556 604 590 Q640 650 400 700 Q160 650 196 590 Z', t),
      stitch('M214 606 Q400 578 586 606 M222 628 Q400 600 578 628 M232 650 Q400 624 568 650', t),
      shine('M300 660 Q400 676 500 660', t, 10),
      print(motif, 400, 470, 72, t),
    )
  }
  return parts.join('')
}

function bucketHat(t: Tones, motif: PrintMotif) {
  return [
    fabric('brim', 'M262 540 Q400 512 538 540 L668 668 Q400 748 132 668 Z', t),
    stitch('M160 660 Q400 730 640 660 M186 636 Q400 702 614 636', t),
    fold('M200 640 Q260 600 300 560', t, 10),
    fabric('crown', 'M276 330 Q400 296 524 330 L548 556 Q400 584 252 556 Z', t),
    stitch('M268 398 Q400 372 532 398', t),
    `<path d="M252 548 Q400 576 548 548" fill="none" stroke="${t.shade}" stroke-width="14"/>`,
    `<circle cx="292" cy="430" r="6" fill="${t.deep}"/><circle cx="508" cy="430" r="6" fill="${t.deep}"/>`,
    shine('M300 352 Q292 430 292 520', t),
    print(motif, 400, 466, 52, t),
  ].join('')
}

function beanie(t: Tones, motif: PrintMotif) {
  return [
    fabric('crown', 'M236 610 Q226 292 400 276 Q574 292 564 610 Z', t),
    `<g clip-path="url(#crown)">${ribs(230, 570, 270, 606, 16, t)}</g>`,
    shine('M290 330 Q262 430 270 560', t, 20),
    fabric('cuff', 'M218 590 Q400 566 582 590 L592 744 Q400 770 208 744 Z', t),
    `<g clip-path="url(#cuff)">${ribs(204, 596, 560, 776, 12, t)}</g>`,
    `<path d="M218 590 Q400 566 582 590" fill="none" stroke="${t.deep}" stroke-width="6" opacity="0.5"/>`,
    `<rect x="335" y="620" width="130" height="92" rx="6" fill="${t.ink}" stroke="${t.shade}" stroke-width="3"/>`,
    print(motif, 400, 666, 36, { ...t, ink: t.base, accent: t.accent }),
    `<circle cx="400" cy="262" r="46" fill="${t.light}"/><circle cx="400" cy="262" r="46" fill="url(#light)"/>`,
  ].join('')
}

function poster(seed: number) {
  const hue = (seed * 47) % 360
  return [
    `<g transform="rotate(-3 400 500)">`,
    `<rect x="170" y="150" width="460" height="650" fill="#f4efe4" stroke="#d8d0bf" stroke-width="3"/>`,
    `<rect x="200" y="180" width="400" height="470" fill="hsl(${hue} 45% 22%)"/>`,
    `<circle cx="400" cy="420" r="150" fill="hsl(${(hue + 40) % 360} 70% 55%)" opacity="0.9"/>`,
    `<path d="M200 560 Q300 470 400 540 T600 500 V650 H200 Z" fill="hsl(${(hue + 200) % 360} 35% 12%)"/>`,
    `<path d="M250 300 L290 200 M550 300 L510 200 M330 260 L350 190 M470 260 L450 190" stroke="#fff6d8" stroke-width="5" opacity="0.7"/>`,
    star(400, 300, 30, '#f4d27a'),
    nine(400, 430, 2.2, '#1b1b1f'),
    `<rect x="220" y="680" width="360" height="18" fill="#2a2a30"/><rect x="220" y="710" width="260" height="10" fill="#2a2a30"/><rect x="220" y="730" width="300" height="10" fill="#2a2a30"/>`,
    `<path d="M460 770 q20 -40 35 -5 t30 -10 t25 5 q10 -20 30 -15" fill="none" stroke="#1c3fa8" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M630 800 L630 760 L590 800 Z" fill="#e4dccb"/>`,
    `</g>`,
  ].join('')
}

function vinyl(seed: number) {
  const hue = (seed * 67) % 360
  const grooves = [230, 205, 180, 155, 130, 105]
    .map((r) => `<circle cx="520" cy="500" r="${r}" fill="none" stroke="#2c2c30" stroke-width="2"/>`)
    .join('')
  return [
    `<circle cx="520" cy="500" r="250" fill="#111114"/>${grooves}`,
    `<path d="M400 330 A220 220 0 0 1 700 420" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.12"/>`,
    `<circle cx="520" cy="500" r="80" fill="hsl(${hue} 60% 50%)"/><circle cx="520" cy="500" r="8" fill="#0c0c0e"/>`,
    `<rect x="110" y="240" width="420" height="520" fill="hsl(${(hue + 180) % 360} 30% 20%)" transform="rotate(0)"/>`,
    `<rect x="110" y="240" width="420" height="520" fill="url(#light)"/>`,
    `<circle cx="320" cy="470" r="130" fill="none" stroke="hsl(${hue} 70% 62%)" stroke-width="22"/>`,
    `<circle cx="320" cy="470" r="80" fill="none" stroke="#efe6d2" stroke-width="8"/>`,
    nine(320, 470, 1.3, '#efe6d2'),
    `<rect x="150" y="690" width="200" height="14" fill="#efe6d2"/><rect x="150" y="714" width="130" height="8" fill="#efe6d2" opacity="0.7"/>`,
    `<rect x="110" y="240" width="420" height="520" fill="none" stroke="#0c0c0e" stroke-width="3"/>`,
  ].join('')
}

function giftBox() {
  const card = '#1d1d21'
  const t = tones(card)
  return [
    fabric('side', 'M200 440 L400 520 L400 820 L200 740 Z', { ...t, base: '#17171a' }),
    fabric('front', 'M400 520 L620 440 L620 740 L400 820 Z', { ...t, base: '#232328' }),
    `<path d="M200 440 L420 360 L620 440 L400 520 Z" fill="#f2e9ea"/>`,
    `<path d="M240 430 Q300 380 380 400 Q360 440 420 460 Q470 420 560 430" fill="none" stroke="#d9c9cb" stroke-width="6"/>`,
    `<path d="M300 480 L300 780 M510 480 L510 780" stroke="#b3283b" stroke-width="22"/>`,
    `<path d="M360 410 Q300 330 340 320 Q380 330 410 420 Q450 330 490 330 Q520 350 430 420 Z" fill="#c33a4d" stroke="#8e1e30" stroke-width="3"/>`,
    `<rect x="440" y="580" width="130" height="80" fill="#efe6d2" transform="rotate(-20 505 620)"/>`,
    `<path d="M455 620 q15 -20 30 0 t30 -6" fill="none" stroke="#1c3fa8" stroke-width="3" transform="rotate(-20 505 620)"/>`,
  ].join('')
}

export interface GarmentDrawing {
  garment: Garment
  /** The fabric's colour; products without colours (poster, vinyl, gift box) have their own. */
  colour?: Colour
  motif?: PrintMotif
  view?: View
  seed?: number
}

function drawGarment({ garment, colour, motif = 'nine', view = 'front', seed = 1 }: GarmentDrawing): string {
  const t = tones(COLOUR_HEX[colour ?? 'Black'])
  switch (garment) {
    case 'tee':
      return tee(t, motif, view, 'tee')
    case 'long-sleeve':
      return tee(t, motif, view, 'long')
    case 'cropped-tee':
      return tee(t, motif, view, 'cropped')
    case 'hoodie':
      return hoodie(t, motif, view, 'hoodie')
    case 'zip-hoodie':
      return hoodie(t, motif, view, 'zip')
    case 'sweatshirt':
      return hoodie(t, motif, view, 'sweat')
    case 'cap':
      return cap(t, motif, view)
    case 'bucket-hat':
      return bucketHat(t, motif)
    case 'beanie':
      return beanie(t, motif)
    case 'poster':
      return poster(seed)
    case 'vinyl':
      return vinyl(seed)
    case 'gift-box':
      return giftBox()
  }
}

/** The piece's silhouette, offset down and right a few times, fainter each time: a soft shadow. */
function shadow(piece: string) {
  const silhouette = piece
    .replace(/<clipPath[^>]*>.*?<\/clipPath>|<[a-z]+ [^>]*url\(#light\)[^>]*\/>/g, '')
    .replace(/ (?:id|clip-path)="[^"]*"/g, '')
    .replace(/fill="[^"]*"/g, 'fill="#2e2936"')
    .replace(/stroke="[^"]*"/g, 'stroke="none"')
  return [
    [5, 8, 0.12],
    [13, 22, 0.08],
  ]
    .map(([x, y, opacity]) => `<g transform="translate(${x} ${y})" opacity="${opacity}">${silhouette}</g>`)
    .join('')
}

/**
 * The whole picture as SVG: the backdrop, a soft shadow under the piece, and the piece. The
 * 'print' view is a close-up of the chest print; 'folded' shows the piece smaller, folded.
 */
export function garmentSvg(drawing: GarmentDrawing, width = 960, height = 1200): string {
  const piece = drawGarment(drawing)
  const zoom =
    drawing.view === 'print'
      ? 'translate(400 500) scale(2.1) translate(-400 -400)'
      : drawing.view === 'folded'
        ? 'translate(400 520) scale(0.78) rotate(-6) translate(-400 -500)'
        : ''
  const scale = Math.max(width / W, height / H)
  const offsetX = (width - W * scale) / 2
  const offsetY = (height - H * scale) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient><radialGradient id="paper" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="${mix(BACKDROP_HEX, '#ffffff', 0.12)}"/><stop offset="1" stop-color="${mix(BACKDROP_HEX, '#000000', 0.06)}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#paper)"/><g transform="translate(${offsetX} ${offsetY}) scale(${scale})"><g transform="${zoom}">${shadow(piece)}${piece}</g></g></svg>`
}
