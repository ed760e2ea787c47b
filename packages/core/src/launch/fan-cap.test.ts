import { describe, expect, it } from 'vitest'
import { mailboxOf, perFanCap, perFanCapMessage, withinPerFanCap } from './fan-cap.ts'

describe('the per-fan cap', () => {
  it('is 1 for a limited item, its own number when set, and none otherwise', () => {
    expect(perFanCap({ limited: 1, max_per_fan: null })).toBe(1)
    expect(perFanCap({ limited: 1, max_per_fan: 3 })).toBe(3)
    expect(perFanCap({ limited: 0, max_per_fan: 2 })).toBe(2)
    expect(perFanCap({ limited: 0, max_per_fan: null })).toBeNull()
  })

  it("takes a variation's cap from its parent when it has none of its own", () => {
    expect(perFanCap({ limited: 0, max_per_fan: null }, { limited: 1, max_per_fan: null })).toBe(1)
    expect(perFanCap({ limited: 0, max_per_fan: 4 }, { limited: 1, max_per_fan: 2 })).toBe(4)
    expect(perFanCap({ limited: null, max_per_fan: null }, null)).toBeNull()
  })

  it('counts what the fan has elsewhere', () => {
    expect(withinPerFanCap(0, 1, 1)).toBe(true)
    expect(withinPerFanCap(1, 1, 1)).toBe(false)
    expect(withinPerFanCap(1, 2, 3)).toBe(true)
    expect(perFanCapMessage(1)).toBe('This item is limited to 1 per fan.')
    expect(perFanCapMessage(2)).toBe('This item is limited to 2 per fan.')
    expect(perFanCapMessage(1, 'Tour Tee - Black / M')).toBe(
      '"Tour Tee - Black / M" is limited to 1 per fan.',
    )
  })
})

describe('the mailbox the cap counts an e-mail address by', () => {
  it('is one for the address in any case, with or without a +tag', () => {
    for (const address of [
      'fan@example.com',
      ' Fan@Example.COM ',
      'fan+drop@example.com',
      'FAN+1+2@example.com',
    ])
      expect(mailboxOf(address)).toBe('fan@example.com')
  })
  it('ignores dots at Gmail only, where they reach the same mailbox', () => {
    for (const address of ['f.a.n@gmail.com', 'Fan+x@googlemail.com', 'fan.@gmail.com'])
      expect(mailboxOf(address)).toBe('fan@gmail.com')
    expect(mailboxOf('ana.lopez@example.com')).toBe('ana.lopez@example.com')
  })
  it('keeps a name that is all tag as it is', () => {
    expect(mailboxOf('+fan@example.com')).toBe('+fan@example.com')
  })
})
