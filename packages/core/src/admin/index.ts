/** The back office's contract and its role rules. */
export * from './endpoints.ts'
export * from './roles.ts'
export * from './shapes.ts'
export * from './stock-endpoints.ts'
export * from './stock-shapes.ts'
