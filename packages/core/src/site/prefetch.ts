/** Whether linked pages may be prefetched (spec 9: never on 2g, with data-saver on, or offline). */

export interface ConnectionHints {
  /** Network Information API: 'slow-2g' | '2g' | '3g' | '4g'. */
  effectiveType?: string
  saveData?: boolean
}

export function shouldPrefetch(input: { online: boolean; connection?: ConnectionHints }): boolean {
  if (!input.online) return false
  if (input.connection?.saveData) return false
  if (input.connection?.effectiveType?.includes('2g')) return false
  return true
}
