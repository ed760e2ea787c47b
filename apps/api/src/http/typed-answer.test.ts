// Typed lists leave as bytes, item by item: the same JSON as JSON.stringify writes, for any list
// the typed routes answer.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { listBytes } from './typed-answer.ts'

/** The answer's text, whether it is one Buffer or a stream of them. */
async function text(answer: Buffer | Readable): Promise<string> {
  if (Buffer.isBuffer(answer)) return answer.toString('utf8')
  const chunks: Buffer[] = []
  for await (const chunk of answer) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('a list written as bytes', () => {
  it('is the JSON of the whole list, in one Buffer when short', async () => {
    const lists: unknown[][] = [
      [],
      [{ id: 1, name: 'Tour tee', price: '29.90', display_price: '€29.90', tags: ['💜', 'drop'] }],
      [1, 'two', null, true, { nested: [{ deep: 'é' }] }, [3, [4]]],
      [undefined, () => 1, { skipped: undefined }],
      [{ toJSON: () => 'as its toJSON says' }, new Date(0)],
    ]
    for (const list of lists) {
      const answer = listBytes(list)
      expect(Buffer.isBuffer(answer)).toBe(true)
      expect(await text(answer)).toBe(JSON.stringify(list))
    }
  })

  it('streams a long list in chunks of at most 64 KiB, characters of several bytes included', async () => {
    const list = Array.from({ length: 3_000 }, (_, id) => ({ id, name: `Tee nº${id}`, price: '€29.90' }))
    const answer = listBytes(list)
    expect(answer).toBeInstanceOf(Readable)
    const chunks: Buffer[] = []
    for await (const chunk of answer as Readable) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(64 * 1024)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(JSON.stringify(list))
  })
})
