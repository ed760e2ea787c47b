/**
 * The product's Size guide button (spec 2). The dialog it opens (size-guide-dialog.tsx) loads
 * on the first click, so a product page does not download the dialog library up front. Until the
 * page's code runs, the button submits the colour and size form it sits in with guide=sizes, and
 * the page draws the size guide in place of the dialog, with a link that hides it again.
 */
import type { HowToMeasureJson, SizeGuideJson } from '@fanshop/core'
import { Suspense, useId, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { inPlace } from '../../site/in-place.ts'
import { lazyNamed } from '../../site/lazy-named.ts'
import { HowToMeasure, SizeTable } from './size-guide-parts.tsx'

const SizeGuideDialog = lazyNamed(() => import('./size-guide-dialog.tsx'), 'SizeGuideDialog')

/** The query field, and its value, that asks for the size guide in the page. */
const GUIDE_FIELD = 'guide'
const GUIDE_VALUE = 'sizes'
const GUIDE_ID = 'size-guide'

export function SizePopup(props: { sizeGuide: SizeGuideJson; howToMeasure: HowToMeasureJson | null }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const [searchParams] = useSearchParams()
  return (
    <>
      <button
        ref={button}
        type="submit"
        name={GUIDE_FIELD}
        value={GUIDE_VALUE}
        formAction={`#${GUIDE_ID}`}
        className="link-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={inPlace(() => {
          setOpened(true)
          setOpen(true)
        })}
      >
        Size guide
      </button>
      {searchParams.get(GUIDE_FIELD) === GUIDE_VALUE ? <SizeGuideInPage {...props} /> : null}
      {opened ? (
        <Suspense fallback={null}>
          <SizeGuideDialog {...props} open={open} onClose={() => setOpen(false)} opener={button} />
        </Suspense>
      ) : null}
    </>
  )
}

/** The size guide drawn in the page, for a press of its button before the page's code ran. */
function SizeGuideInPage(props: { sizeGuide: SizeGuideJson; howToMeasure: HowToMeasureJson | null }) {
  const titleId = useId()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const without = new URLSearchParams(searchParams)
  without.delete(GUIDE_FIELD)
  const hidden = without.size > 0 ? `?${without}` : ''
  return (
    <section id={GUIDE_ID} className="size-guide-page" aria-labelledby={titleId}>
      <h2 id={titleId} className="modal__title">
        Size guide
      </h2>
      <SizeTable sizeGuide={props.sizeGuide} />
      {props.howToMeasure ? (
        <div className="how-to-measure">
          <h3>How to measure</h3>
          <HowToMeasure howToMeasure={props.howToMeasure} />
        </div>
      ) : null}
      <Link to={`${location.pathname}${hidden}`} replace preventScrollReset>
        Hide the size guide
      </Link>
    </section>
  )
}
