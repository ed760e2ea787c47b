/** Pure shared rules: no I/O, no framework imports. Used by apps/web and apps/api alike. */

export * from './launch/gate.ts'
export * from './media.ts'
export * from './money.ts'
