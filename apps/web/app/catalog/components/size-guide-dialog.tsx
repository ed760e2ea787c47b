/**
 * The product size popup's dialog (spec 2), loaded when first opened (size-popup.tsx): two tabs,
 * the size guide table (size, chest, body) and how to measure (image, chest description, body
 * description). Radix Dialog traps focus, closes on Escape and returns focus to the opener.
 */
import type { HowToMeasureJson, SizeGuideJson } from '@fanshop/core'
import * as Dialog from '@radix-ui/react-dialog'
import * as Tabs from '@radix-ui/react-tabs'
import type { RefObject } from 'react'

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
              {sizeGuide.description ? <p>{sizeGuide.description}</p> : null}
              <div className="size-table__scroll">
                <table className="size-table">
                  <caption className="visually-hidden">Garment measurements in centimetres</caption>
                  <thead>
                    <tr>
                      <th scope="col">Size</th>
                      <th scope="col">Chest</th>
                      <th scope="col">Body</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sizeGuide.clothes_size_data.sizes.map((row) => (
                      <tr key={row.size}>
                        <th scope="row">{row.size}</th>
                        <td>{row.chest_size}</td>
                        <td>{row.body_size}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Tabs.Content>
            {howToMeasure ? (
              <Tabs.Content value="measure" className="tabs__panel how-to-measure">
                {howToMeasure.description ? <p>{howToMeasure.description}</p> : null}
                {howToMeasure.content.image ? (
                  <img
                    className="how-to-measure__image"
                    src={howToMeasure.content.image.url}
                    alt={howToMeasure.content.image.alt}
                    width={howToMeasure.content.image.width}
                    height={howToMeasure.content.image.height}
                    loading="lazy"
                  />
                ) : null}
                <h3>Chest</h3>
                <p>{howToMeasure.content.chest_description}</p>
                <h3>Body</h3>
                <p>{howToMeasure.content.body_descirption}</p>
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
