/** The back office's contract and its role rules. */
export * from './coupons-endpoints.ts'
export * from './coupons-shapes.ts'
export * from './customers-endpoints.ts'
export * from './customers-shapes.ts'
export * from './endpoints.ts'
export * from './roles.ts'
export * from './shapes.ts'
