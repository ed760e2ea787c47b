/** Tables owned by the content domain. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the content domain gains tables
export type ContentTables = {}
