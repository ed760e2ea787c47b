/**
 * The shop's sort orders (featured, newest, price up and down): their URL value, label, and the
 * catalogue API's orderby/order. Shared by the /shop loader and its sort control.
 */
export const SHOP_SORTS = [
  { value: 'featured', label: 'Featured', orderby: 'menu_order', order: 'asc' },
  { value: 'newest', label: 'Newest', orderby: 'date', order: 'desc' },
  { value: 'price-asc', label: 'Price: low to high', orderby: 'price', order: 'asc' },
  { value: 'price-desc', label: 'Price: high to low', orderby: 'price', order: 'desc' },
] as const
export type ShopSort = (typeof SHOP_SORTS)[number]

export const DEFAULT_SORT: ShopSort = SHOP_SORTS[0]

/** The ?sort= of a shop URL; an unknown or missing value is the default (featured). */
export function shopSortFrom(value: string | null): ShopSort {
  return SHOP_SORTS.find((sort) => sort.value === value) ?? DEFAULT_SORT
}
