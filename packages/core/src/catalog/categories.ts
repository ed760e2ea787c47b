/**
 * The shop's category list (spec 4): sorted by menu_order ascending, the first one current
 * unless the shopper chose another. Ties keep a stable order by id.
 */
/** The category the shop never lists (spec 9): WooCommerce's default "Uncategorized". */
export const EXCLUDED_CATEGORY_ID = 15

interface OrderedCategory {
  id: number
  menu_order: number
}

export function sortByMenuOrder<T extends OrderedCategory>(categories: readonly T[]): T[] {
  return [...categories].sort((a, b) => a.menu_order - b.menu_order || a.id - b.id)
}

/** The category the shop shows: the chosen one when it is in the list, else the first. */
export function currentCategory<T extends { id: number }>(
  sorted: readonly T[],
  chosenId: number | null,
): T | undefined {
  return sorted.find((category) => category.id === chosenId) ?? sorted[0]
}
