/**
 * /product/:slug and /products/:slug (spec 2): top image slider, colour, size and quantity, the
 * size popup, tabs for description and specs, the gallery and the fixed buy bar. Rendered on
 * the server with its title, description, Open Graph tags and Product JSON-LD; an unknown slug
 * is the 404 page. The colour and size choice lives in the URL (?colour=Black&size=M).
 */
import {
  chooseOption,
  EXCLUDED_CATEGORY_ID,
  findVariation,
  hasPriceRange,
  imageForSelection,
  isLineQuantity,
  LINE_QUANTITY_MESSAGE,
  limitNote,
  perFanLimitNote,
  perOrderLimitNote,
  purchasable,
  type Selection,
  selectionFromSearchParams,
  tightestLimit,
  variationAttributes,
} from '@fanshop/core'
import { type FormEvent, Suspense, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router'
import { NOT_FOUND_TEXT } from '../../site/error-page.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { lazyNamed } from '../../site/lazy-named.ts'
import { useFrame } from '../../site/use-frame.ts'
import { fetchProductPage, type ProductPageData, routeError } from '../catalog.server.ts'
import { BuyBar } from '../components/buy-bar.tsx'
import { Gallery } from '../components/gallery.tsx'
import { ImageSlider } from '../components/image-slider.tsx'
import { Price } from '../components/price.tsx'
import { ProductTabs } from '../components/product-tabs.tsx'
import { QuantityField } from '../components/quantity-field.tsx'
import { VariationPicker } from '../components/variation-picker.tsx'
import { productMeta } from '../seo.ts'
import type { Route } from './+types/product'
import '../catalog.css'

export const handle: SiteHandle = { routeName: 'product' }

/**
 * 'Notify me' and its checks (conform, zod) load only on a sold-out choice: the server renders it
 * whole, and the browser keeps that HTML until the code arrives (a third of the page's script).
 */
const NotifyMeForm = lazyNamed(() => import('../../cart/notify-me-form.tsx'), 'NotifyMeForm')

const loadCartDialogs = () => import('../../cart/cart-dialogs.tsx')

/**
 * The choice when more is asked than is left (the dialog library with it) loads once a quantity
 * above what is left is typed, the only way to open it, so it is there when the fan sends it.
 */
const TooManyDialog = lazyNamed(loadCartDialogs, 'TooManyDialog')

const BUY_FORM_ID = 'buy-form'
/** Below this many units left, the page says how many. */
const FEW_LEFT = 3

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.slug) throw redirect('/shop')
  let product: ProductPageData | null
  try {
    product = await fetchProductPage(context, params.slug)
  } catch (error) {
    return routeError(error)
  }
  if (!product) throw data({ message: NOT_FOUND_TEXT }, { status: 404 })
  return { product, publicUrl: context.publicUrl }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? productMeta(loaderData.product, loaderData.publicUrl) : []
}

/** Choosing a colour or size only changes the URL's query: the product need not be loaded again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductView key={loaderData.product.id} product={loaderData.product} />
}

function ProductView({ product }: { product: ProductPageData }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [quantity, setQuantity] = useState('1')
  // A pick shows at once; the URL, the source of truth, catches up a moment later and wins.
  const [picked, setPicked] = useState<{ search: string; selection: Selection } | null>(null)
  const search = searchParams.toString()
  const selection =
    picked?.search === search ? picked.selection : selectionFromSearchParams(product, searchParams)
  const offer = purchasable(product, selection)
  const variation = findVariation(product, selection)
  const shown = variation ?? product
  const category = product.categories.find((c) => c.id !== EXCLUDED_CATEGORY_ID)
  const stock = offer.state === 'ready' ? offer.maxQuantity : undefined
  const limit = tightestLimit(product)
  const allowed = stock === undefined ? undefined : Math.min(stock, limit?.max ?? stock)
  const [tooMany, setTooMany] = useState<number | null>(null)
  const [quantityError, setQuantityError] = useState<string | null>(null)
  /** Mounted from its first opening on, so that closing it can hand focus back. */
  const [tooManyAsked, setTooManyAsked] = useState(false)
  const quantityInput = useRef<HTMLInputElement>(null)
  const loggedIn = Boolean(useFrame()?.user)
  /** The sold-out choice a fan may ask to hear about: the chosen variation, or the simple product. */
  const soldOutId = variation?.id ?? (product.type === 'simple' ? product.id : null)

  /**
   * More than may be added is not sent (nor cut down silently): the fan chooses what to do. Nor is
   * a number that is no quantity (0, -3, 2.5): the field says so and keeps it for the fan to change.
   */
  function checkQuantity(event: FormEvent<HTMLFormElement>) {
    const typed = String(new FormData(event.currentTarget).get('quantity') ?? '')
    const asked = Number(typed)
    if (allowed !== undefined && Number.isInteger(asked) && asked > allowed) {
      event.preventDefault()
      setTooMany(asked)
      setTooManyAsked(true)
    } else if (!isLineQuantity(typed)) {
      event.preventDefault()
      setQuantityError(LINE_QUANTITY_MESSAGE)
      quantityInput.current?.focus()
    }
  }

  function changeQuantity(value: string) {
    setQuantity(value)
    setQuantityError(null)
    if (allowed !== undefined && Number(value) > allowed) loadCartDialogs().catch(() => {})
  }

  function addAllowed() {
    if (allowed === undefined) return
    flushSync(() => {
      setQuantity(String(allowed))
      setTooMany(null)
    })
    document.querySelector<HTMLFormElement>(`#${BUY_FORM_ID}`)?.requestSubmit()
  }

  function choose(attributeSlug: string, option: string) {
    const next = chooseOption(product, selection, attributeSlug, option)
    setPicked({ search, selection: next })
    const params = new URLSearchParams(searchParams)
    for (const attribute of variationAttributes(product)) {
      const value = next[attribute.slug]
      if (value === undefined) params.delete(attribute.slug)
      else params.set(attribute.slug, value)
    }
    setSearchParams(params, { replace: true, preventScrollReset: true })
  }

  return (
    <article className="product">
      <div className="product__media">
        <ImageSlider
          images={product.images}
          label={`${product.name} images`}
          focusImageId={imageForSelection(product, selection)}
        />
      </div>
      <div className="product__info">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to="/shop">Shop</Link>
            </li>
            {category ? (
              <li>
                <Link to={`/shop?category=${category.id}`}>{category.name}</Link>
              </li>
            ) : null}
          </ol>
        </nav>
        <h1 className="product__name">{product.name}</h1>
        <div className="product__price" aria-live="polite">
          <Price
            price={shown.price}
            regularPrice={shown.regular_price}
            onSale={shown.on_sale}
            from={!variation && hasPriceRange(product)}
          />
          {offer.state === 'ready' && offer.maxQuantity <= FEW_LEFT ? (
            <p className="product__stock">Only {offer.maxQuantity} left</p>
          ) : offer.state === 'soldout' ? (
            <p className="product__stock">Sold out</p>
          ) : null}
        </div>
        <VariationPicker product={product} selection={selection} onChoose={choose} />
        {product.stock_status === 'instock' ? (
          <QuantityField
            value={quantity}
            max={allowed}
            formId={BUY_FORM_ID}
            onChange={changeQuantity}
            inputRef={quantityInput}
            error={quantityError}
          />
        ) : null}
        {product.stock_status === 'instock' && product.max_per_order ? (
          <p className="product__limit">{perOrderLimitNote(product.max_per_order)}</p>
        ) : null}
        {product.stock_status === 'instock' && product.max_per_fan ? (
          <p className="product__limit">{perFanLimitNote(product.max_per_fan)}</p>
        ) : null}
        {offer.state === 'soldout' && soldOutId !== null ? (
          <Suspense fallback={null}>
            <NotifyMeForm key={soldOutId} variantId={soldOutId} loggedIn={loggedIn} />
          </Suspense>
        ) : null}
        <ProductTabs product={product} />
      </div>
      <Gallery images={product.images} />
      <BuyBar
        formId={BUY_FORM_ID}
        name={product.name}
        price={shown.price}
        offer={offer}
        onSubmit={checkQuantity}
      />
      {tooManyAsked ? (
        <Suspense fallback={null}>
          <TooManyDialog
            open={tooMany !== null && allowed !== undefined}
            asked={tooMany ?? 0}
            stock={stock ?? 0}
            allowed={allowed ?? 0}
            limitNote={limit ? limitNote(limit) : null}
            onAddAllowed={addAllowed}
            onChangeQuantity={() => setTooMany(null)}
            focusAfter={() => quantityInput.current?.focus()}
          />
        </Suspense>
      ) : null}
    </article>
  )
}
