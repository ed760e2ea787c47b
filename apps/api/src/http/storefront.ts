/**
 * Serves the React Router storefront from the same process: hashed browser assets with
 * year-long immutable caching, other public files briefly cached, and every other path
 * rendered on the server. API paths never reach the storefront: unknown ones answer JSON 404.
 * In development (NODE_ENV=development) Vite serves modules with hot reload instead.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { createRequestListener } from '@react-router/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ServerBuild } from 'react-router'

export interface StorefrontOptions {
  /** apps/web: holds build/ in production and the Vite project in development. */
  webRoot: string
  /** What the storefront's loaders receive as their load context. */
  loadContext: Record<string, unknown>
}

const API_PREFIXES = ['/wp-json/', '/api/', '/media/']

/** Carries the visitor's address (as Fastify's trustProxy judged it) into the storefront's load context. */
const CLIENT_IP_HEADER = 'x-fanshop-client-ip'

function perRequestContext(base: Record<string, unknown>) {
  return (request: Request) => ({ ...base, clientIp: request.headers.get(CLIENT_IP_HEADER) }) as never
}

export default async function storefrontPlugin(app: FastifyInstance, options: StorefrontOptions) {
  const development = app.shop.config.NODE_ENV === 'development'
  let handle: (request: FastifyRequest, reply: FastifyReply) => void

  if (development) {
    // The storefront's own Vite (apps/web's dependency), not whichever copy the API would resolve.
    const vitePath = createRequire(path.join(options.webRoot, 'package.json')).resolve('vite')
    const vite = (await import(pathToFileURL(vitePath).href)) as typeof import('vite')
    const server = await vite.createServer({
      root: options.webRoot,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    })
    app.addHook('onClose', () => server.close())
    const listener = createRequestListener({
      build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      getLoadContext: perRequestContext(options.loadContext),
      mode: 'development',
    })
    handle = (request, reply) => {
      reply.hijack()
      server.middlewares(request.raw, reply.raw, () => listener(request.raw, reply.raw))
    }
  } else {
    const buildDir = path.join(options.webRoot, 'build')
    const serverEntry = path.join(buildDir, 'server', 'index.js')
    if (!fs.existsSync(serverEntry))
      throw new Error(`The storefront is not built: ${serverEntry} is missing.`)
    const build = (await import(serverEntry)) as ServerBuild
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      // The build writes .br and .gz beside each script and stylesheet: sent by content negotiation.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        res.setHeader('vary', 'Accept-Encoding')
      },
    })
    const listener = createRequestListener({
      build,
      getLoadContext: perRequestContext(options.loadContext),
      mode: 'production',
    })
    handle = (request, reply) => {
      reply.hijack()
      listener(request.raw, reply.raw)
    }
  }

  // The storefront reads request bodies (form posts) itself: leave the stream untouched.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/'
      if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
        return reply
          .status(404)
          .send({ statusCode: 404, message: `No API endpoint ${request.method} ${pathname}.` })
      }
      request.raw.headers[CLIENT_IP_HEADER] = request.ip
      handle(request, reply)
    },
  })
}
