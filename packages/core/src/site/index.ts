/** The site domain's pure rules: timings, navigation rules and menus, social links, consent, progress, prefetch. */
export * from './consent.ts'
export * from './constants.ts'
export * from './endpoints.ts'
export * from './navigation.ts'
export * from './prefetch.ts'
export * from './progress.ts'
export * from './settings.ts'
export * from './social.ts'
