/**
 * How the hot paths write their answers (add to cart, the catalogue's product lists): they are
 * built by typed code (OrderJson, LineItemJson, ProductJson), so they are written with
 * JSON.stringify rather than checked field by field on every request; their schemas in core's
 * tables still document them.
 */
import type { RouteShorthandOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'

export const typedAnswer: Pick<RouteShorthandOptions, 'serializerCompiler'> = {
  serializerCompiler: (route) =>
    route.httpStatus?.startsWith('2')
      ? (data) => JSON.stringify(data)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
}

/** Answers cut down to the fields a request asked for (`_fields`), which the whole item's schema does not fit. */
const cutAnswers = new WeakSet<object>()

/** Marks an answer as cut down to its asked fields: it is written as it is (see `checkedUnlessCut`). */
export function cutAnswer<Answer extends object>(answer: Answer): Answer {
  cutAnswers.add(answer)
  return answer
}

/**
 * For lists that take `_fields`: a whole answer is checked against the schema and written as
 * before; one cut down to its asked fields is written with JSON.stringify (the caller checks it
 * against the shape it asked for, as core's contentTileEndpoints do).
 */
export const checkedUnlessCut: Pick<RouteShorthandOptions, 'serializerCompiler'> = {
  serializerCompiler: (route) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0])
    return (data) =>
      typeof data === 'object' && data !== null && cutAnswers.has(data) ? JSON.stringify(data) : checked(data)
  },
}
