/**
 * The lookbook's layouts, apart from the content schemas (schemas.ts), which import zod: the
 * lookbook's pages list them, and their scripts do not otherwise load zod.
 */

/** The six lookbook layouts (/lookbook-01 to /lookbook-06); each setup names the one it is shot for. */
export const LOOKBOOK_LAYOUTS = [1, 2, 3, 4, 5, 6] as const
export type LookbookLayout = (typeof LOOKBOOK_LAYOUTS)[number]
