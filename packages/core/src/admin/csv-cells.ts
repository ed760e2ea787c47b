/**
 * CSV injection: a spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return
 * as a formula. The back office's CSV exports (orders, catalogue) write such a cell behind a
 * leading apostrophe, and the catalogue import takes that apostrophe off again, so that an
 * exported file imports back as the text it came from. A cell that already starts with
 * apostrophes before such a character gets one more, so that taking one off is always right.
 */
const FORMULA = /^'*[=+\-@\t\r]/

/** A cell as an export writes it. */
export const neutraliseCsvCell = (value: string) => (FORMULA.test(value) ? `'${value}` : value)

/** A cell of an imported file as it was before an export neutralised it. */
export const restoreCsvCell = (value: string) =>
  value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value
