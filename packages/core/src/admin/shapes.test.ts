/** The back office's request shapes answer every broken limit in the words of their neighbours. */
import { describe, expect, it } from 'vitest'
import { refundOrderSchema } from './orders-shapes.ts'
import { imageOrderSchema, MAX_PRODUCT_IMAGES } from './product-image-shapes.ts'
import { auditQuerySchema } from './shapes.ts'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('limits of the back office requests', () => {
  it("says how many images a product's new order may list", () => {
    const ids = Array.from({ length: MAX_PRODUCT_IMAGES + 1 }, (_, index) => index + 1)
    expect(firstMessage(imageOrderSchema.safeParse({ ids }))).toBe(
      `must list at most ${MAX_PRODUCT_IMAGES} images`,
    )
  })

  it('says how many lines one refund may list', () => {
    const lines = Array.from({ length: 101 }, (_, index) => ({ lineItemId: index + 1, quantity: 1 }))
    expect(firstMessage(refundOrderSchema.safeParse({ key: 'refund-key-1', lines }))).toBe(
      'must list at most 100 lines',
    )
  })

  it("says how long the audit log's action and entity filters may be", () => {
    expect(firstMessage(auditQuerySchema.safeParse({ action: 'a'.repeat(61) }))).toBe(
      'must be at most 60 characters',
    )
    expect(firstMessage(auditQuerySchema.safeParse({ entity: 'e'.repeat(61) }))).toBe(
      'must be at most 60 characters',
    )
  })
})
