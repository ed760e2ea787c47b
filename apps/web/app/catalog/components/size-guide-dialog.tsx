/**
 * The product size popup's dialog (spec 2), loaded when first opened (size-popup.tsx): two tabs,
 * the size guide table and how to measure (size-guide-parts.tsx). Radix Dialog traps focus, closes
 * on Escape and returns focus to the opener.
 */
import type { HowToMeasureJson, SizeGuideJson } from '@fanshop/core'
import * as Dialog from '@radix-ui/react-dialog'
import * as Tabs from '@radix-ui/react-tabs'
import type { RefObject } from 'react'
import { HowToMeasure, SizeTable } from './size-guide-parts.tsx'

export function SizeGuideDialog(props: {
  sizeGuide: SizeGuideJson
  howToMeasure: HowToMeasureJson | null
  open: boolean
  onClose(): void
  /** The button that opened the dialog (it is outside Radix, so Radix cannot find it). */
  opener: RefObject<HTMLButtonElement | null>
}) {
  const { sizeGuide, howToMeasure } = props
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal modal--lg size-popup"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            props.opener.current?.focus()
          }}
        >
          <Dialog.Title className="modal__title">Size guide</Dialog.Title>
          <Dialog.Close className="modal__close" aria-label="Close">
            ×
          </Dialog.Close>
          <Tabs.Root defaultValue="guide" className="tabs">
            <Tabs.List className="tabs__list" aria-label="Size information">
              <Tabs.Trigger value="guide" className="tabs__trigger">
                Size guide
              </Tabs.Trigger>
              {howToMeasure ? (
                <Tabs.Trigger value="measure" className="tabs__trigger">
                  How to measure
                </Tabs.Trigger>
              ) : null}
            </Tabs.List>
            <Tabs.Content value="guide" className="tabs__panel">
              <SizeTable sizeGuide={sizeGuide} />
            </Tabs.Content>
            {howToMeasure ? (
              <Tabs.Content value="measure" className="tabs__panel how-to-measure">
                <HowToMeasure howToMeasure={howToMeasure} />
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
