/** The back office's contract and its role rules. */
export * from './catalog-endpoints.ts'
export * from './catalog-shapes.ts'
export * from './endpoints.ts'
export * from './roles.ts'
export * from './shapes.ts'
