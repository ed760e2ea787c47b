/** The back office's contract and its role rules. */
export * from './endpoints.ts'
export * from './orders-endpoints.ts'
export * from './orders-rules.ts'
export * from './orders-shapes.ts'
export * from './roles.ts'
export * from './shapes.ts'
