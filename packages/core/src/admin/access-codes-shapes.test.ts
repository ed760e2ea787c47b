import { describe, expect, it } from 'vitest'
import { codeFromBoxes, emptyCodeBoxes, typeIntoBox } from '../launch/access-code.ts'
import { accessCodeInputSchema, accessCodeStatus } from './access-codes-shapes.ts'

describe('an access code’s status', () => {
  const code = { disabled: false, expiresAt: null, maxUses: null, uses: 0 }
  it('is disabled first, then expired, then used up, else active', () => {
    expect(accessCodeStatus(code, 1000)).toBe('active')
    expect(accessCodeStatus({ ...code, maxUses: 2, uses: 2 }, 1000)).toBe('used up')
    expect(accessCodeStatus({ ...code, maxUses: 2, uses: 2, expiresAt: 1000 }, 1000)).toBe('expired')
    expect(accessCodeStatus({ ...code, expiresAt: 1001 }, 1000)).toBe('active')
    expect(accessCodeStatus({ ...code, expiresAt: 1000, disabled: true }, 1000)).toBe('disabled')
  })
})

describe('an access code’s input', () => {
  it('takes exactly the codes the code boxes can hold, in capitals', () => {
    for (const typed of ['fan24', ' Vip01 ', 'ZZZZZ']) {
      const parsed = accessCodeInputSchema.parse({ code: typed, label: 'x' })
      expect(codeFromBoxes(typeIntoBox(emptyCodeBoxes(), 0, parsed.code))).toBe(parsed.code)
    }
    for (const typed of ['', 'FAN2', 'FAN245', 'FAN-2', 'FÄN24', 'FAN\u00002']) {
      expect(accessCodeInputSchema.safeParse({ code: typed, label: 'x' }).success, typed).toBe(false)
    }
  })
  it('defaults to no limit, no expiry and no queue skip', () => {
    expect(accessCodeInputSchema.parse({ code: 'FAN24', label: 'Fans' })).toEqual({
      code: 'FAN24',
      label: 'Fans',
      maxUses: null,
      expiresAt: null,
      skipsQueue: false,
    })
  })
})
