/**
 * What the cart's route plugins share in their route schemas: the error answers, the path and
 * query parameters of the store API, and the plain JSON writer of the typed answers.
 */
import { idParam, ORDER_NUMBER_PATTERN, text } from '@fanshop/core'
import type { RouteShorthandOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

const errorSchema = z.object({ message: z.string(), statusCode: z.number() })
export const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
}

/** An order number in a path, with or without Spree's ".json" suffix. */
export const orderNumber = z
  .string()
  .transform((value) => value.replace(/\.json$/, ''))
  .pipe(z.string().regex(ORDER_NUMBER_PATTERN, 'must be an order number like R123456789'))
export const lineItemId = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\.json$/, '') : value),
  idParam(),
)
export const tokenQuery = z.object({ order_token: text().max(200).optional() })
export const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() })

export const STORE = 'store'

/**
 * The answers of the add-to-cart path are built by typed code (OrderJson, LineItemJson), so they
 * are written with JSON.stringify rather than checked field by field on every request; their
 * schemas still document them.
 */
export const typedAnswer: Pick<RouteShorthandOptions, 'serializerCompiler'> = {
  serializerCompiler: (route) =>
    route.httpStatus?.startsWith('2')
      ? (data) => JSON.stringify(data)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
}
