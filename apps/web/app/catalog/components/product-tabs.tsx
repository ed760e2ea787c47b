/**
 * The product page's tabs (spec 2): the description, and the specs (material and make, then
 * reference, category, fit, colours and sizes). Descriptions are HTML cleaned by the API when
 * they were written. The WAI-ARIA tabs pattern as Radix's Tabs drew it (same roles, ids, states,
 * roving focus with the arrow keys, Home and End, a tab chosen as it takes focus), written out:
 * Radix's panels set their state from a ref as the page hydrates, which made React render and run
 * the whole page's effects again within hydration's commit, one task of 60–115 ms on a phone
 * after the first paint (issue 15). The size guide, a dialog loaded on demand, keeps Radix's.
 * Until the page's code runs, a tab submits the form around the tab list: the page comes back
 * with that tab chosen (?tab=specs), the colour and size kept.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { inPlace } from '../../site/in-place.ts'
import type { ProductPageData } from '../catalog.server.ts'

const TABS = [
  { value: 'description', label: 'Description' },
  { value: 'specs', label: 'Specs' },
] as const

type Tab = (typeof TABS)[number]['value']

/** The query field that names the tab chosen before the page's code ran. */
const TAB_FIELD = 'tab'
const TABS_ID = 'product-information'

export function ProductTabs({ product }: { product: ProductPageData }) {
  const [searchParams] = useSearchParams()
  const [active, setActive] = useState<Tab>(
    () => TABS.find((tab) => tab.value === searchParams.get(TAB_FIELD))?.value ?? 'description',
  )
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const triggerId = (tab: Tab) => `${id}-trigger-${tab}`
  const panelId = (tab: Tab) => `${id}-content-${tab}`

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((tab) => tab.value === active)
    const last = TABS.length - 1
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    const tab = next === undefined ? undefined : TABS[next]
    if (!tab) return
    event.preventDefault()
    setActive(tab.value)
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(triggerId(tab.value))}`)?.focus()
  }

  const specs: [string, string][] = [
    ['Reference', product.sku],
    ...(product.categories.length > 0
      ? [['Category', product.categories.map((c) => c.name).join(', ')] as [string, string]]
      : []),
    ...(product.gender ? [['Fit', product.gender.name] as [string, string]] : []),
    ...product.attributes.map((a) => [`${a.name}s`, a.options.join(', ')] as [string, string]),
  ]
  const panel = (tab: Tab) => ({
    role: 'tabpanel',
    id: panelId(tab),
    'aria-labelledby': triggerId(tab),
    'data-state': active === tab ? 'active' : 'inactive',
    hidden: active !== tab,
    tabIndex: 0,
    className: 'tabs__panel',
  })
  return (
    <div className="tabs product-tabs" data-orientation="horizontal" id={TABS_ID}>
      <form method="get" action={`#${TABS_ID}`}>
        {[...searchParams].flatMap(([name, value]) =>
          name === TAB_FIELD
            ? []
            : [<input key={`${name}=${value}`} type="hidden" name={name} value={value} />],
        )}
        <div
          ref={list}
          role="tablist"
          aria-orientation="horizontal"
          aria-label="Product information"
          className="tabs__list"
        >
          {TABS.map((tab) => (
            <button
              key={tab.value}
              type="submit"
              name={TAB_FIELD}
              value={tab.value}
              role="tab"
              id={triggerId(tab.value)}
              aria-controls={panelId(tab.value)}
              aria-selected={active === tab.value}
              data-state={active === tab.value ? 'active' : 'inactive'}
              tabIndex={active === tab.value ? 0 : -1}
              className="tabs__trigger"
              onClick={inPlace(() => setActive(tab.value))}
              onKeyDown={moveFocus}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </form>
      <div {...panel('description')}>
        {active === 'description' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when written
          <div className="prose" dangerouslySetInnerHTML={{ __html: product.description }} />
        ) : null}
      </div>
      <div {...panel('specs')}>
        {active === 'specs' ? (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when written */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: product.short_description }} />
            <dl className="specs">
              {specs.map(([term, value]) => (
                <div key={term} className="specs__row">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </div>
    </div>
  )
}
