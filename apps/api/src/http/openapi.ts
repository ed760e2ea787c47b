/** The whole API as an OpenAPI document (/openapi.json) with a reference page (/docs), built from the route schemas. */
import { errorBodySchema } from '@fanshop/core'
import swagger, { type SwaggerTransform } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { STAFF_COOKIE } from '../admin/staff-sessions.ts'

/** The security scheme of the back office's session cookie, as its operations name it. */
export const STAFF_SESSION_SCHEME = 'staffSession'

type JsonSchema = { [keyword: string]: unknown }

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null

/**
 * In OpenAPI 3.0, `nullable: true` does not widen an enum: null is allowed only when the enum
 * lists it too (3.0.3, "nullable"), which zod's conversion leaves out. Lists it throughout `schema`.
 */
function listNullInNullableEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) listNullInNullableEnums(item)
    return
  }
  if (!isSchema(schema)) return
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null]
  }
  for (const value of Object.values(schema)) listNullInNullableEnums(value)
}

/**
 * A list answer as `_fields` makes it (core's fields.ts): each item, and each item of its lists,
 * holds only the fields asked for, so none of theirs is required.
 */
function withAskedFieldsOnly(list: JsonSchema): JsonSchema {
  const partial = (item: unknown): unknown => {
    if (!isSchema(item)) return item
    const { required: _required, ...rest } = item
    return rest
  }
  const item = partial(list.items)
  if (!isSchema(item) || !isSchema(item.properties)) return { ...list, items: item }
  const properties = Object.fromEntries(
    Object.entries(item.properties).map(([name, field]) => [
      name,
      isSchema(field) && field.type === 'array' ? { ...field, items: partial(field.items) } : field,
    ]),
  )
  return {
    ...list,
    description: 'The list; with `_fields`, each item holds only the fields asked for.',
    items: { ...item, properties },
  }
}

/**
 * One route's schemas as OpenAPI 3.0 has them: zod's conversion (fastify-type-provider-zod), with
 * every error an operation does not describe itself documented as the shop's `{ message,
 * statusCode }` (4XX), a 204 as no content, null listed in nullable enums, and a list that takes
 * `_fields` as answering only the fields asked for. The document only: validation and answers
 * still use the route's own schemas.
 */
const documentRoute: SwaggerTransform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined
  const undescribedErrors = response !== undefined && !('4XX' in response)
  const schema = undescribedErrors
    ? { ...input.schema, response: { ...response, '4XX': errorBodySchema } }
    : input.schema
  const converted = jsonSchemaTransform({ ...input, schema })
  listNullInNullableEnums(converted.schema)
  const answers = converted.schema?.response as Record<string, JsonSchema> | undefined
  if (!answers) return converted
  if (undescribedErrors)
    answers['4XX'] = { ...answers['4XX'], description: 'An error: `{ message, statusCode }`' }
  // @fastify/swagger writes no content for an answer whose schema is of type null.
  if (answers[204]) answers[204] = { type: 'null', description: 'No content' }
  const query = input.schema?.querystring as { shape?: Record<string, unknown> } | undefined
  if (answers[200] && query?.shape && '_fields' in query.shape)
    answers[200] = withAskedFieldsOnly(answers[200])
  return converted
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fan shop API',
        version: '1.0.0',
        description:
          'Content and accounts under /wp-json (WordPress and WooCommerce conventions), the store under /api/v1 (Spree v1 conventions). Every error is `{ message, statusCode }`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [STAFF_SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: STAFF_COOKIE,
            description: 'The back office session, set by POST /admin/api/session',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  })
  // The reference page has its own Content-Security-Policy (scripts from its files only); its UI
  // adds <style> elements as it renders, and like every page it may not be framed.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (policy) =>
      policy
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
