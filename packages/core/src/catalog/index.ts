/** The catalogue's shared shapes and rules. */
export * from './categories.ts'
export * from './endpoints.ts'
export * from './excerpt.ts'
export * from './paging.ts'
export * from './price.ts'
export * from './schemas.ts'
export * from './taxonomies.ts'
export * from './variations.ts'
