/** The cart domain's pure rules: totals, stock hold, checkout states, card checks and API shapes. */
export * from './address-format.ts'
export * from './card.ts'
export * from './checkout.ts'
export * from './hold.ts'
export * from './limits.ts'
export * from './lookup.ts'
export * from './schemas.ts'
export * from './totals.ts'
