/**
 * Serves stored media: responsive image sizes (immutable, cached for a year) and original files.
 * The year is the file's: an answer without it (416 for a range past its end) is not kept.
 */
import fs from 'node:fs/promises'
import { IMAGE_WIDTHS, idParam, wholeNumber } from '@fanshop/core'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../http/errors.ts'
import { IMAGE_FORMATS, mediaRoot, resizedImagePath } from './storage.ts'

const YEAR = 'public, max-age=31536000, immutable'

export default async function mediaPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const root = mediaRoot(app.shop)
  await fs.mkdir(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    serve: false,
    setHeaders: (res) => res.setHeader('cache-control', YEAR),
  })

  async function findMedia(id: number) {
    const row = await app.shop.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(`There is no media with id ${id}.`)
    return row
  }

  app.get(
    '/media/:id/:width.:format',
    {
      schema: {
        hide: true,
        params: z.object({
          id: idParam(),
          width: wholeNumber(
            z
              .number()
              .int()
              .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
                message: `width must be one of ${IMAGE_WIDTHS.join(', ')}`,
              }),
          ),
          format: z.enum(IMAGE_FORMATS),
        }),
      },
    },
    async (request, reply) => {
      const { id, width, format } = request.params
      const row = await findMedia(id)
      if (!row.mime.startsWith('image/')) throw notFound(`Media ${id} is not an image.`)
      const file = await resizedImagePath(app.shop, row.file, id, width, format)
      return reply.sendFile(file.slice(root.length + 1), root, { cacheControl: false })
    },
  )

  app.get(
    '/media/:id/file',
    { schema: { hide: true, params: z.object({ id: idParam() }) } },
    async (request, reply) => {
      const row = await findMedia(request.params.id)
      reply.type(row.mime)
      return reply.sendFile(row.file, root, { cacheControl: false, acceptRanges: true })
    },
  )
}
