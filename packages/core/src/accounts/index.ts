/** The accounts domain's shared rules and shapes. */
export * from './address-book.ts'
export * from './birthday.ts'
export * from './endpoints.ts'
export * from './safe-redirect.ts'
export * from './shapes.ts'
export * from './username.ts'
export * from './validation.ts'
