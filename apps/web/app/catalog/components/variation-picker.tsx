/**
 * Colour and size choice on the product page: one radio group per variation attribute. Options
 * that cannot be bought are struck through and named sold out, yet can still be chosen: the buy
 * bar then says 'Sold out' and 'Notify me' asks when to write (issue 9). The choice is kept in the
 * URL: with JavaScript a pick updates it at once; before, the form's button submits it like any
 * GET form.
 */
import { attributeChoices, type Selection } from '@fanshop/core'
import { Form } from 'react-router'
import { useHydrated } from '../../site/use-hydrated.tsx'
import type { ProductPageData } from '../catalog.server.ts'
import { SizePopup } from './size-popup.tsx'

/** The attribute next to which the size guide is offered (WooCommerce's pa_size). */
const SIZE_ATTRIBUTE = 'size'

export function VariationPicker(props: {
  product: ProductPageData
  selection: Selection
  onChoose: (attributeSlug: string, option: string) => void
}) {
  const hydrated = useHydrated()
  const { product, selection } = props
  const choices = attributeChoices(product, selection)
  if (choices.length === 0) return null
  return (
    <Form method="get" replace preventScrollReset className="variation-picker">
      {choices.map(({ attribute, options }) => {
        const chosen = selection[attribute.slug]
        return (
          <fieldset key={attribute.id} className="option-group">
            <legend className="option-group__legend">
              {attribute.name}
              {chosen ? <span className="option-group__chosen">: {chosen}</span> : null}
            </legend>
            {attribute.slug === SIZE_ATTRIBUTE && product.size_guide ? (
              <SizePopup sizeGuide={product.size_guide} howToMeasure={product.how_to_measure} />
            ) : null}
            <div className="option-group__options">
              {options.map((option) => (
                <label
                  key={option.option}
                  className={`option ${option.available ? '' : 'option--unavailable'}`}
                >
                  <input
                    type="radio"
                    className="option__input"
                    name={attribute.slug}
                    value={option.option}
                    checked={option.selected}
                    onChange={() => props.onChoose(attribute.slug, option.option)}
                  />
                  <span className="option__label">
                    {option.option}
                    {option.available ? null : <span className="visually-hidden"> (sold out)</span>}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )
      })}
      {hydrated ? null : (
        <button type="submit" className="button button--ghost">
          Show this choice
        </button>
      )}
    </Form>
  )
}
