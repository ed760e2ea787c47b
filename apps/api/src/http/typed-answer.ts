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
