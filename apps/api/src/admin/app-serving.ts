/**
 * Serves the back office's own bundle (apps/admin, a single-page app) under /admin from the same
 * process: its hashed assets with year-long immutable caching, and its one index.html for every
 * other /admin page, never cached, with this request's CSP nonce on its inline scripts. Unknown
 * /admin/api paths answer JSON 404, never the page.
 */
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_API_PREFIX, ADMIN_ASSETS_PREFIX, cspNonce } from '../http/security-headers.ts'

export default async function adminAppPlugin(app: FastifyInstance, options: { adminRoot: string }) {
  const clientDir = path.join(options.adminRoot, 'build', 'client')
  const indexFile = path.join(clientDir, 'index.html')
  if (!fs.existsSync(indexFile)) {
    if (app.shop.config.NODE_ENV === 'development') {
      app.log.warn(
        `The back office is not built (${indexFile}); run \`npm run build -w apps/admin\` to open /admin.`,
      )
      return
    }
    throw new Error(`The back office is not built: ${indexFile} is missing.`)
  }
  const index = fs.readFileSync(indexFile, 'utf8')

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: ADMIN_ASSETS_PREFIX,
    decorateReply: false,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable')
    },
  })

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? ''
    if (pathname.startsWith(ADMIN_API_PREFIX)) {
      return reply
        .status(404)
        .send({ statusCode: 404, message: `No API endpoint ${request.method} ${pathname}.` })
    }
    const nonce = cspNonce(request)
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(index.replaceAll('<script', `<script nonce="${nonce}"`))
  }
  app.get('/admin', { schema: { hide: true } }, page)
  app.get('/admin/*', { schema: { hide: true } }, page)
}
