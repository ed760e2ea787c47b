/** The whole API as an OpenAPI document (/openapi.json) with a reference page (/docs), built from the route schemas. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'

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
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
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
