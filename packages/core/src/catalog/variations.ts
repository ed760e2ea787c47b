/**
 * Choosing what to buy on a product page: the shopper picks one option per variation attribute
 * (colour, then size); the pick names exactly one variation, whose id goes into the cart as
 * `variant_id`. A simple product is bought as itself. The choice lives in the page's URL
 * (`?colour=Black&size=M`), so it survives a reload, can be shared, and works without JavaScript.
 */
import type { ProductAttributeJson, ProductJson, VariationJson } from './schemas.ts'

/** Attribute slug → chosen option (term name). */
export type Selection = Record<string, string>

/**
 * What these rules read of a variation: a product page's data keeps this and what it draws,
 * not the whole variation (its SKU, the attributes' names, the image beyond its id).
 */
export type ChoosableVariation = Pick<VariationJson, 'id' | 'price' | 'stock_status' | 'stock_quantity'> & {
  attributes: readonly Pick<VariationJson['attributes'][number], 'id' | 'option'>[]
  image: Pick<NonNullable<VariationJson['image']>, 'id'> | null
}

/** What these rules read of a product, its variations as narrow as `Variation`. */
export type ChoosableProduct<Variation extends ChoosableVariation = ChoosableVariation> = Pick<
  ProductJson,
  'id' | 'type' | 'price' | 'stock_status' | 'stock_quantity' | 'attributes'
> & { variations: readonly Variation[] }

type Choosable = Pick<ChoosableProduct, 'attributes' | 'variations'>

interface OptionState {
  option: string
  /** Some variation with this option (and the options chosen before it) can be bought now. */
  available: boolean
  selected: boolean
}

interface AttributeChoice {
  attribute: ProductAttributeJson
  options: OptionState[]
}

/** The attributes the shopper chooses from, in the product's order. */
export function variationAttributes(product: Pick<ProductJson, 'attributes'>): ProductAttributeJson[] {
  return product.attributes.filter((attribute) => attribute.variation)
}

/**
 * The valid part of a selection read from the URL: known attributes, offered options only.
 * An attribute with a single option (a cap's "One Size") counts as chosen.
 */
export function selectionFromSearchParams(
  product: Pick<ProductJson, 'attributes'>,
  params: URLSearchParams,
): Selection {
  const selection: Selection = {}
  for (const attribute of variationAttributes(product)) {
    const option = params.get(attribute.slug)
    if (option !== null && attribute.options.includes(option)) selection[attribute.slug] = option
    else if (attribute.options.length === 1) selection[attribute.slug] = attribute.options[0]!
  }
  return selection
}

function matches(
  variation: Pick<ChoosableVariation, 'attributes'>,
  attributes: readonly ProductAttributeJson[],
  selection: Selection,
): boolean {
  return attributes.every((attribute) => {
    const chosen = selection[attribute.slug]
    if (chosen === undefined) return true
    const own = variation.attributes.find((a) => a.id === attribute.id)
    return own === undefined || own.option === chosen
  })
}

/** The variation the selection names, once every variation attribute has an option chosen. */
export function findVariation<Variation extends ChoosableVariation>(
  product: Pick<ChoosableProduct<Variation>, 'attributes' | 'variations'>,
  selection: Selection,
): Variation | undefined {
  const attributes = variationAttributes(product)
  if (attributes.some((attribute) => selection[attribute.slug] === undefined)) return undefined
  return product.variations.find((variation) => matches(variation, attributes, selection))
}

/**
 * Each attribute's options and whether they can be bought, cascading in the attributes' order:
 * a colour is available when any of its sizes is in stock; a size, when it is in stock in the
 * chosen colour. So an earlier choice never becomes impossible because of a later one.
 */
export function attributeChoices(product: Choosable, selection: Selection): AttributeChoice[] {
  const attributes = variationAttributes(product)
  return attributes.map((attribute, index) => {
    const earlier = attributes.slice(0, index)
    const inStock = product.variations.filter(
      (variation) => variation.stock_status === 'instock' && matches(variation, earlier, selection),
    )
    return {
      attribute,
      options: attribute.options.map((option) => ({
        option,
        selected: selection[attribute.slug] === option,
        available: inStock.some((variation) => matches(variation, [attribute], { [attribute.slug]: option })),
      })),
    }
  })
}

/**
 * The selection after the shopper picks an option: later choices that the new option makes
 * impossible (a size sold out in the newly chosen colour) are dropped, so the shopper is asked
 * again instead of being left on a combination that cannot be bought.
 */
export function chooseOption(
  product: Choosable,
  selection: Selection,
  attributeSlug: string,
  option: string,
): Selection {
  const next: Selection = { ...selection, [attributeSlug]: option }
  for (const choice of attributeChoices(product, next)) {
    const slug = choice.attribute.slug
    if (slug === attributeSlug || next[slug] === undefined) continue
    if (!choice.options.some((o) => o.selected && o.available)) delete next[slug]
  }
  return next
}

/**
 * The image to show for a partial choice (e.g. only a colour picked): that of the first
 * variation that fits the selection, if any option is chosen at all.
 */
export function imageForSelection(product: Choosable, selection: Selection): number | undefined {
  if (Object.keys(selection).length === 0) return undefined
  const attributes = variationAttributes(product)
  return product.variations.find((variation) => variation.image && matches(variation, attributes, selection))
    ?.image?.id
}

export type Purchasable =
  | { state: 'ready'; variantId: number; price: string; maxQuantity: number }
  | { state: 'choose'; missing: string[] }
  | { state: 'soldout' }

/** What the buy bar can offer for this product and selection. */
export function purchasable(product: ChoosableProduct, selection: Selection): Purchasable {
  if (product.type === 'simple') {
    return product.stock_status === 'instock'
      ? { state: 'ready', variantId: product.id, price: product.price, maxQuantity: product.stock_quantity }
      : { state: 'soldout' }
  }
  if (product.stock_status === 'outofstock') return { state: 'soldout' }
  const missing = variationAttributes(product)
    .filter((attribute) => selection[attribute.slug] === undefined)
    .map((attribute) => attribute.name)
  if (missing.length > 0) return { state: 'choose', missing }
  const variation = findVariation(product, selection)
  if (!variation || variation.stock_status === 'outofstock') return { state: 'soldout' }
  return {
    state: 'ready',
    variantId: variation.id,
    price: variation.price,
    maxQuantity: variation.stock_quantity,
  }
}

/** True when a variable product's variations do not all cost the same ("from €19.90"). */
export function hasPriceRange(product: {
  type: ProductJson['type']
  variations: readonly Pick<ProductJson['variations'][number], 'price'>[]
}): boolean {
  if (product.type !== 'variable') return false
  return new Set(product.variations.map((variation) => variation.price)).size > 1
}
