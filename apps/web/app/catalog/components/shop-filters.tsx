/**
 * The category filter panel (spec 2 and 9: a 360 px side panel): the attributes plus gender as
 * checkboxes in a GET form, so filters are in the URL and work without JavaScript. Before the
 * script runs, the Filter link opens the same form in place (CSS :target); after, a button
 * opens it in the accessible side panel, whose code loads when it first opens.
 */
import type { AttributeFilterJson, TaxonomyFilter } from '@fanshop/core'
import { Form, Link } from 'react-router'
import { lazyNamed } from '../../site/lazy-named.ts'
import { useUi } from '../../site/ui-store.ts'
import { useHydrated } from '../../site/use-hydrated.tsx'
import { WhenOpened } from '../../site/when-opened.tsx'

interface FilterProps {
  filters: AttributeFilterJson[]
  active: TaxonomyFilter
  /** The category id, or "all" for the All view; kept when the filters are applied. */
  categoryId: number | string | null
  /** The chosen sort order's URL value, kept when the filters are applied (null: the default). */
  sort: string | null
  /** The shop without any filter, in the current category. */
  clearHref: string
}

const FALLBACK_ID = 'shop-filters'

/**
 * The fallback's form as the browser receives it: the script removes the fallback as soon as it
 * runs, so the browser keeps the server's markup and never hydrates it (about a hundred elements
 * of /shop's first load, issue 15). React leaves an element's server children as they are when
 * it hydrates one whose inner HTML it was given; one object, so no later render of the fallback
 * (before the switch to the panel) sees a changed value and empties it.
 */
const KEEP_SERVER_MARKUP = { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true }

const SidePanel = lazyNamed(() => import('../../site/side-panel.tsx'), 'SidePanel')

function FilterForm(props: FilterProps & { onDone?: () => void }) {
  const isActive = (taxonomy: string, term: string) =>
    props.active.some((entry) => entry.taxonomy === taxonomy && entry.terms.includes(term))
  return (
    <Form method="get" action="/shop" className="filter-form" onSubmit={props.onDone} preventScrollReset>
      {props.categoryId !== null ? <input type="hidden" name="category" value={props.categoryId} /> : null}
      {props.sort !== null ? <input type="hidden" name="sort" value={props.sort} /> : null}
      {props.filters.map((filter) => (
        <fieldset key={filter.attribute_slug} className="filter-form__group">
          <legend className="filter-form__legend">{filter.attribute_name}</legend>
          <ul className="filter-form__terms">
            {filter.attribute_terms.map((term) => (
              <li key={term.term_id}>
                <label className="filter-chip">
                  <input
                    type="checkbox"
                    name={filter.attribute_slug}
                    value={term.slug}
                    defaultChecked={isActive(filter.attribute_slug, term.slug)}
                  />
                  <span>{term.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="filter-form__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to={props.clearHref} className="button button--ghost" onClick={props.onDone} preventScrollReset>
          Clear all
        </Link>
      </div>
    </Form>
  )
}

export function ShopFilters(props: FilterProps) {
  const hydrated = useHydrated()
  const toggle = useUi((s) => s.toggle)
  const closeAll = useUi((s) => s.closeAll)
  const activeCount = props.active.reduce((sum, entry) => sum + entry.terms.length, 0)
  const label = activeCount > 0 ? `Filter (${activeCount})` : 'Filter'
  if (props.filters.length === 0) return null

  if (!hydrated) {
    const onServer = typeof document === 'undefined'
    return (
      <>
        <a href={`#${FALLBACK_ID}`} className="button button--ghost filter-toggle">
          {label}
        </a>
        <section
          id={FALLBACK_ID}
          className="filter-fallback"
          aria-labelledby={`${FALLBACK_ID}-title`}
          {...(onServer ? null : KEEP_SERVER_MARKUP)}
        >
          {onServer ? (
            <>
              <h2 id={`${FALLBACK_ID}-title`} className="side-panel__title">
                Filters
              </h2>
              <a href="#main" className="side-panel__close" aria-label="Close filters">
                ×
              </a>
              <FilterForm {...props} />
            </>
          ) : null}
        </section>
      </>
    )
  }
  return (
    <>
      <button
        type="button"
        className="button button--ghost filter-toggle"
        aria-haspopup="dialog"
        onClick={() => toggle('shopFilters')}
      >
        {label}
      </button>
      <WhenOpened panel="shopFilters">
        <SidePanel panel="shopFilters" title="Filters" className="filter-panel">
          <FilterForm {...props} onDone={closeAll} />
        </SidePanel>
      </WhenOpened>
    </>
  )
}
