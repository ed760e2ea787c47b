/** Tables owned by the cart domain. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the cart domain gains tables
export type CartTables = {}
