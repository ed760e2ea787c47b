/** The content domain's shared rules and API shapes. */
export * from './contact.ts'
export * from './duration.ts'
export * from './endpoints.ts'
export * from './fields.ts'
export * from './lookbook-layouts.ts'
export * from './paging.ts'
export * from './reading-time.ts'
export * from './schemas.ts'
