/**
 * The shop's sort control: a labelled select in a GET form that keeps the category and filters,
 * so the order is in the URL like them and works without JavaScript (a Sort button submits).
 * Once the script runs, choosing an order applies it at once. The button is in <noscript>: with
 * scripts on it never takes room, so the toolbar does not move when the page hydrates (issue 15).
 */
import type { TaxonomyFilter } from '@fanshop/core'
import { Form, useSubmit } from 'react-router'
import { SHOP_SORTS, type ShopSort } from '../shop-sort.ts'

export function ShopSortForm(props: { current: ShopSort; category: string; filter: TaxonomyFilter }) {
  const submit = useSubmit()
  return (
    <Form method="get" action="/shop" className="sort-form" preventScrollReset>
      <input type="hidden" name="category" value={props.category} />
      {props.filter.flatMap(({ taxonomy, terms }) =>
        terms.map((term) => <input key={`${taxonomy}:${term}`} type="hidden" name={taxonomy} value={term} />),
      )}
      <label className="sort-form__label" htmlFor="shop-sort">
        Sort by
      </label>
      <select
        id="shop-sort"
        name="sort"
        className="sort-form__select"
        defaultValue={props.current.value}
        key={props.current.value}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {SHOP_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--ghost sort-form__apply">
          Sort
        </button>
      </noscript>
    </Form>
  )
}
