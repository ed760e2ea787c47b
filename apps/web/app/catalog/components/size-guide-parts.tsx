/**
 * What the size guide shows (spec 2 and 3): the size table (size, chest, body) and how to measure
 * (image, chest and body descriptions). Drawn in the size popup's dialog once the page's code runs,
 * and in the page itself when the Size guide button is pressed before (size-popup.tsx).
 */
import type { HowToMeasureJson, SizeGuideJson } from '@fanshop/core'

export function SizeTable({ sizeGuide }: { sizeGuide: SizeGuideJson }) {
  return (
    <>
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
    </>
  )
}

export function HowToMeasure({ howToMeasure }: { howToMeasure: HowToMeasureJson }) {
  return (
    <>
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
    </>
  )
}
