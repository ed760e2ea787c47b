/**
 * Access codes for shopping before the launch (spec 4, /entercode): the code's alphabet, the
 * "Access Code (code)" search text the API is asked with, where the grant travels, and the
 * behaviour of the five code boxes (typing moves on, a paste fills them all, backspace goes back).
 */
import { z } from 'zod'
import { text } from '../input.ts'
import { ACCESS_CODE_LENGTH } from '../site/constants.ts'

/** The visitor's local-storage flag of spec 4/9 and the value that opens the shop. */
export const ALLOWED_TO_SHOP_KEY = 'allowedToShop'
export const ALLOWED_TO_SHOP_VALUE = '1'

/** The request header that carries a visitor's access grant to the store API's cart writes. */
export const ACCESS_GRANT_HEADER = 'x-access-grant'

const CODE_CHARACTER = /[A-Z0-9]/

/** Upper-cases and keeps only the characters a code can contain. */
export function normaliseAccessCode(input: string): string {
  return [...input.toUpperCase()].filter((ch) => CODE_CHARACTER.test(ch)).join('')
}

function isWellFormedAccessCode(code: string): boolean {
  return code.length === ACCESS_CODE_LENGTH && normaliseAccessCode(code) === code
}

/**
 * A code as the back office creates it, written as the coupon code rule is (admin/coupons-shapes.ts)
 * but with the code boxes' alphabet and length, so every code made can be typed into /entercode.
 * Kept in capitals; entry matches it in any case (normaliseAccessCode).
 */
export const accessCodeSchema = text({ error: 'is required' })
  .trim()
  .toUpperCase()
  .refine(isWellFormedAccessCode, `must be ${ACCESS_CODE_LENGTH} letters or digits`)

/** The search text the storefront sends (spec 7: "Access Code (code)"). */
export function accessCodeSearch(code: string): string {
  return `Access Code (${code})`
}

/** The code inside an "Access Code (code)" search text, normalised; null when the text has another form. */
export function parseAccessCodeSearch(search: string): string | null {
  const match = /^\s*Access Code \(([^()]*)\)\s*$/i.exec(search)
  if (!match) return null
  const code = normaliseAccessCode(match[1]!)
  return isWellFormedAccessCode(code) ? code : null
}

export const checkAccessCodeBodySchema = z.object({
  search: text({ error: 'search is required' }).min(1, 'search is required').max(100, 'search is too long'),
})

export const accessGrantResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({
    /** A signed grant for the x-access-grant header. */
    grant: z.string(),
    /** When the grant stops being accepted (epoch milliseconds). */
    expires_at: z.number(),
  }),
})

/** The five code boxes and the box that has focus. */
export interface CodeBoxes {
  values: string[]
  focus: number
}

export function emptyCodeBoxes(): CodeBoxes {
  return { values: Array.from({ length: ACCESS_CODE_LENGTH }, () => ''), focus: 0 }
}

/**
 * Input arriving in box `index`: one character fills it and moves to the next box; several (a
 * paste or autofill) fill the boxes from there on, and a whole code fills all of them from the first.
 * Characters a code cannot contain are dropped; nothing usable leaves the boxes as they were.
 */
export function typeIntoBox(boxes: CodeBoxes, index: number, input: string): CodeBoxes {
  const characters = normaliseAccessCode(input)
  if (!characters) return boxes
  const start = characters.length >= ACCESS_CODE_LENGTH ? 0 : index
  const values = [...boxes.values]
  let position = start
  for (const ch of characters.slice(0, ACCESS_CODE_LENGTH - start)) values[position++] = ch
  return { values, focus: Math.min(position, ACCESS_CODE_LENGTH - 1) }
}

/** Backspace in box `index`: clears it; an already empty box clears and focuses the one before. */
export function backspaceInBox(boxes: CodeBoxes, index: number): CodeBoxes {
  const values = [...boxes.values]
  if (values[index]) {
    values[index] = ''
    return { values, focus: index }
  }
  const previous = Math.max(0, index - 1)
  values[previous] = ''
  return { values, focus: previous }
}

/** The code the boxes hold, or null while a box is empty. */
export function codeFromBoxes(boxes: CodeBoxes): string | null {
  const code = boxes.values.join('')
  return isWellFormedAccessCode(code) ? code : null
}
