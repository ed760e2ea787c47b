/** Pure shared rules: no I/O, no framework imports. Used by apps/web and apps/api alike. */

export * from './accounts/index.ts'
export * from './admin/index.ts'
export * from './cart/index.ts'
export * from './catalog/index.ts'
export * from './content/index.ts'
export * from './endpoint.ts'
export * from './fields.ts'
export * from './input.ts'
export * from './launch/index.ts'
export * from './media.ts'
export * from './money.ts'
export * from './site/index.ts'
