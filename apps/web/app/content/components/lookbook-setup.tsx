/**
 * One lookbook setup in one of the six lookbook layouts (/lookbook-01 to /lookbook-06, and each
 * setup's own on /lookbook/{slug}): 1 full-bleed stack, 2 split with a sticky image, 3 mosaic,
 * 4 filmstrip, 5 collage, 6 magazine spread. Same images and products, different staging.
 */
import type { LookbookLayout, LookbookSetup, ProductJson } from '@fanshop/core'
import type { ReactNode } from 'react'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import { ProductStrip } from './product-strip.tsx'

export const LOOKBOOK_LAYOUT_NAMES: Record<LookbookLayout, string> = {
  1: 'Full frame',
  2: 'Split',
  3: 'Mosaic',
  4: 'Filmstrip',
  5: 'Collage',
  6: 'Spread',
}

const SIZES: Record<LookbookLayout, string[]> = {
  1: ['100vw'],
  2: ['(max-width: 767px) 100vw, 50vw', '(max-width: 767px) 100vw, 25vw'],
  3: ['(max-width: 767px) 100vw, 50vw', '(max-width: 767px) 50vw, 25vw'],
  4: ['(max-width: 767px) 80vw, 30vw'],
  5: ['(max-width: 767px) 70vw, 30vw'],
  6: ['(max-width: 767px) 100vw, 40vw'],
}

export function LookbookSetupView(props: {
  setup: LookbookSetup
  layout: LookbookLayout
  products: ProductJson[]
  /** The first setup on the page: its first image loads at once. */
  first: boolean
}) {
  const { setup, layout } = props
  const sizes = SIZES[layout]
  const headingId = `setup-${setup.id}-title`
  const pictures = setup.images.map((image, i) => (
    <div key={image.id} className={`setup__image setup__image--${i + 1}`}>
      <ResponsiveImage
        image={image}
        sizes={sizes[Math.min(i, sizes.length - 1)]!}
        priority={props.first && i === 0}
      />
    </div>
  ))
  return (
    <section className={`setup setup--layout-${layout}`} aria-labelledby={headingId}>
      <header className="setup__header">
        <p className="setup__number" aria-hidden="true">
          {String(setup.position).padStart(2, '0')}
        </p>
        <h2 id={headingId} className="setup__title">
          {setup.title}
        </h2>
        <p className="setup__caption">{setup.caption}</p>
      </header>
      {layout === 4 ? (
        <Filmstrip label={`${setup.title}: pictures, scroll sideways`}>{pictures}</Filmstrip>
      ) : (
        <div className="setup__images">{pictures}</div>
      )}
      <ProductStrip products={props.products} label={`Products in ${setup.title}`} />
    </section>
  )
}

/** Layout 4's sideways strip: a named region that takes focus, so the keyboard can scroll it too. */
function Filmstrip({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="setup__images" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

/** The products of a setup, in the order the setup lists them (products no longer sold drop out). */
export function productsOf(setup: LookbookSetup, products: ProductJson[]): ProductJson[] {
  return setup.product_ids.flatMap((id) => products.filter((p) => p.id === id))
}
