/**
 * The back office's product image routes (issue 11): upload (multipart/form-data, read here
 * within core's limits), alt text, order and removal. The multipart parser is registered in this
 * plugin alone, so no other route takes multipart bodies.
 */
import { adminCatalogEndpoints, MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from '@fanshop/core'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../../http/errors.ts'
import { adminRoute, staffOf } from '../guard.ts'
import { actorOf } from '../staff.ts'
import {
  addProductImages,
  cleanImage,
  orderImages,
  removeImage,
  setImageAlt,
  type UploadedFile,
} from './product-images.ts'

const MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024

const codeOf = (error: unknown) => (error as { code?: string }).code

/** The upload's files, each read whole within the size cap; 413 past a cap, 400 for a broken form. */
async function readUploads(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the images as multipart/form-data, in the field "files".')
  }
  const files: UploadedFile[] = []
  try {
    for await (const part of request.files()) {
      try {
        files.push({ filename: part.filename, data: await part.toBuffer() })
      } catch (error) {
        if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(
            413,
            `"${part.filename}" is larger than ${MEGABYTES} MB; an image may be at most ${MEGABYTES} MB.`,
          )
        }
        throw error
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (codeOf(error) === 'FST_FILES_LIMIT') {
      throw new HttpError(413, `One upload may carry at most ${MAX_IMAGES_PER_UPLOAD} images.`)
    }
    throw badRequest('The upload could not be read; please try again.')
  }
  if (files.length === 0) throw badRequest('Choose at least one image to upload.')
  return files
}

export default async function productImagesRoutes(app: FastifyInstance) {
  const ctx = app.shop
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_UPLOAD,
      fields: 10,
      parts: MAX_IMAGES_PER_UPLOAD + 10,
    },
  })

  adminRoute(app, adminCatalogEndpoints.uploadProductImages, async (request, reply) => {
    const actor = actorOf(staffOf(request).staff)
    const files = await readUploads(request)
    const images = []
    // One at a time: each decode may hold up to the pixel cap in memory.
    for (const file of files) images.push(await cleanImage(file))
    const product = await addProductImages(ctx, actor, request.params.id, images)
    return reply.status(201).send(product)
  })

  adminRoute(app, adminCatalogEndpoints.productImageAlt, async (request) =>
    setImageAlt(
      ctx,
      actorOf(staffOf(request).staff),
      request.params.id,
      request.params.mediaId,
      request.body.alt,
    ),
  )

  adminRoute(app, adminCatalogEndpoints.orderProductImages, async (request) =>
    orderImages(ctx, actorOf(staffOf(request).staff), request.params.id, request.body.ids),
  )

  adminRoute(app, adminCatalogEndpoints.removeProductImage, async (request) =>
    removeImage(ctx, actorOf(staffOf(request).staff), request.params.id, request.params.mediaId),
  )
}
