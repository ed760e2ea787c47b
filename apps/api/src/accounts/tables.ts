/** Tables owned by the accounts domain. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the accounts domain gains tables
export type AccountsTables = {}
