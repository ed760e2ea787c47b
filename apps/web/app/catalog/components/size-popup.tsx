/**
 * The product's Size guide button (spec 2). The dialog it opens (size-guide-dialog.tsx) loads
 * on the first click, so a product page does not download the dialog library up front.
 */
import type { HowToMeasureJson, SizeGuideJson } from '@fanshop/core'
import { Suspense, useRef, useState } from 'react'
import { lazyNamed } from '../../site/lazy-named.ts'

const SizeGuideDialog = lazyNamed(() => import('./size-guide-dialog.tsx'), 'SizeGuideDialog')

export function SizePopup(props: { sizeGuide: SizeGuideJson; howToMeasure: HowToMeasureJson | null }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true)
          setOpen(true)
        }}
      >
        Size guide
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <SizeGuideDialog {...props} open={open} onClose={() => setOpen(false)} opener={button} />
        </Suspense>
      ) : null}
    </>
  )
}
