/**
 * How the hot paths write their answers (add to cart, the catalogue's product lists): they are
 * built by typed code (OrderJson, LineItemJson, ProductJson), so they are written with
 * JSON.stringify rather than checked field by field on every request; their schemas in core's
 * tables still document them.
 */
import { Readable } from 'node:stream'
import type { RouteShorthandOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'

const LIST_OPEN = Buffer.from('[')
const LIST_SEPARATOR = Buffer.from(',')
const LIST_CLOSE = Buffer.from(']')

/**
 * The most bytes a list's answer joins into one Buffer: well under glibc's fixed threshold for a
 * mapping of its own (MALLOC_MMAP_THRESHOLD_, scripts/lib.mjs), so each comes from the heap.
 */
const CHUNK_BYTES = 64 * 1024

/**
 * A list answer as UTF-8 bytes, written item by item. JSON.stringify builds a long answer as a
 * chain of pieces, and its first whole reading (the compressor's size check, the socket's write)
 * copies it into one string: two bytes a character once a '€' is in it, and past 64 K characters
 * (24 products of the catalogue) V8 puts that copy on memory pages of its own, 1.4 ms of a 10-17 ms
 * answer on a build machine; one Buffer of the same size is mapped afresh by glibc at the same
 * cost (docs/performance-log.md, "Answers and pages kept as bytes"). So each item's short text is
 * encoded on its own, and the bytes are joined in chunks of at most CHUNK_BYTES: a list of one
 * chunk is a Buffer (sent with its length, compressed when over 1 KiB), a longer one a stream of
 * its chunks (compressed as it goes, or sent in chunks).
 */
export function listBytes(list: unknown[]): Buffer | Readable {
  const chunks: Buffer[] = []
  let parts: Buffer[] = [LIST_OPEN]
  let size = LIST_OPEN.length
  const add = (bytes: Buffer) => {
    if (size + bytes.length > CHUNK_BYTES && size > 0) {
      chunks.push(Buffer.concat(parts, size))
      parts = []
      size = 0
    }
    parts.push(bytes)
    size += bytes.length
  }
  for (const [index, item] of list.entries()) {
    if (index > 0) add(LIST_SEPARATOR)
    // As in JSON.stringify of the whole list: an item that has no JSON (undefined) is null.
    add(Buffer.from(JSON.stringify(item) ?? 'null'))
  }
  add(LIST_CLOSE)
  chunks.push(Buffer.concat(parts, size))
  return chunks.length === 1 ? (chunks[0] as Buffer) : Readable.from(chunks, { objectMode: false })
}

/**
 * A typed answer as it is written: a list as bytes (listBytes), anything else (an order, one
 * product: short) as its JSON text. Fastify sends a serializer's Buffer or stream as it is (its
 * type names only strings); every onSend hook of these routes passes the payload through untouched.
 */
const written = (data: unknown) =>
  Array.isArray(data) ? (listBytes(data) as unknown as string) : JSON.stringify(data)

export const typedAnswer: Pick<RouteShorthandOptions, 'serializerCompiler'> = {
  serializerCompiler: (route) =>
    route.httpStatus?.startsWith('2')
      ? written
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
      typeof data === 'object' && data !== null && cutAnswers.has(data) ? written(data) : checked(data)
  },
}
