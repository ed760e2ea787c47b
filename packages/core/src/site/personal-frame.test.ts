import { describe, expect, it } from 'vitest'
import { fillsOwnFrame, frameStampOf, newFrameCookie, newFrameStamp } from './personal-frame.ts'

describe('the personal-frame stamp', () => {
  it('is read from a Cookie header; the first value, 1, counts as one', () => {
    expect(frameStampOf('session=a; personal-frame=lq2x8z01ab')).toBe('lq2x8z01ab')
    expect(frameStampOf('personal-frame=1')).toBe('1')
    expect(fillsOwnFrame('personal-frame=1; b=2')).toBe(true)
  })

  it('is absent without the cookie, when cleared, or when it is not a stamp', () => {
    for (const header of [
      null,
      undefined,
      '',
      'session=a',
      'personal-frame=',
      'personal-frame=a%20b',
      'personal-frame=ABC',
    ]) {
      expect(frameStampOf(header), String(header)).toBeNull()
      expect(fillsOwnFrame(header)).toBe(false)
    }
  })

  it('is drawn anew each time, even many times within a millisecond, in a form the reader accepts', () => {
    const stamps = new Set(Array.from({ length: 20_000 }, newFrameStamp))
    expect(stamps.size).toBe(20_000)
    for (const stamp of stamps) expect(frameStampOf(`personal-frame=${stamp}`)).toBe(stamp)
  })

  it('is given to the browser in a cookie line the reader takes back, Secure over https', () => {
    const line = newFrameCookie(false)
    expect(line).toMatch(/^personal-frame=[0-9a-z]{9,16}; Max-Age=2592000; Path=\/; SameSite=Lax$/)
    expect(frameStampOf(line.split(';')[0])).toBe(line.split(';')[0]!.slice('personal-frame='.length))
    expect(newFrameCookie(true)).toMatch(/; Secure$/)
  })
})
