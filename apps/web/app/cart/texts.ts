/** The cart's words that the spec quotes (sections 2, 4 and 8): used verbatim, defined once. */
export const CART_TEXT = {
  empty: 'NO ITEMS HERE YET',
  holdNotice: 'We keep your bag for 1 hour, after which the items return to the shelves.',
  toShop: 'BRING ME TO THE SHOP',
  buy: 'BUY',
  confirmRemove: 'Do you want to remove product from cart?',
  yesRemove: 'Yes, remove',
  noKeep: 'No, leave in cart',
  outOfStock: 'Product is out of stock for requested quantity.',
  removeFailed: 'Error during removing product. Try again.',
  okay: 'Okay!',
} as const

/** "1 item", "3 items" (spec 2: the count followed by item or items). */
export const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`
