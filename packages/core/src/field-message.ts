/**
 * How a field's message reads under the field. Apart from the request schemas (input.ts), which
 * import zod: the storefront's fields show messages on pages, such as the checkout, whose scripts
 * do not otherwise load zod.
 */

/** The NUL rule's message, written to follow a field's name (the API's answer puts it before). */
export const NUL_MESSAGE = 'must not contain a NUL character'

/**
 * A field's message as a page shows it under the field: the NUL rule's names the field by its
 * label ("E-mail must not contain a NUL character."); every other one is a sentence already.
 */
export function fieldMessageFor(label: string, message: string | undefined): string | undefined {
  return message === NUL_MESSAGE ? `${label} ${NUL_MESSAGE}.` : message
}
