import { describe, expect, it } from 'vitest'
import { renderVisualiser, rgbToYuv420, VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from './video.ts'

/** The top-level boxes of an MP4 file, and where each starts. */
function boxes(file: Buffer, from = 0, to = file.length) {
  const found: Array<{ type: string; start: number; size: number }> = []
  for (let at = from; at < to; ) {
    const size = file.readUInt32BE(at)
    found.push({ type: file.toString('ascii', at + 4, at + 8), start: at, size })
    at += size
  }
  return found
}

describe('the demo visualiser video', () => {
  it('is an MP4 with the index in front of the media, one H.264 IDR picture per frame', async () => {
    const { mp4, duration } = await renderVisualiser(3, 1)
    expect(duration).toBe(1)
    const top = boxes(mp4)
    expect(top.map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat'])
    expect(top.reduce((sum, b) => sum + b.size, 0)).toBe(mp4.length)

    const stco = mp4.indexOf('stco')
    const mdat = top[2]!
    expect(mp4.readUInt32BE(stco + 12)).toBe(mdat.start + 8)

    const stsz = mp4.indexOf('stsz')
    const count = mp4.readUInt32BE(stsz + 12)
    expect(count).toBe(VIDEO_FPS)
    let at = mdat.start + 8
    for (let i = 0; i < count; i++) {
      const size = mp4.readUInt32BE(stsz + 16 + i * 4)
      expect(mp4.readUInt32BE(at)).toBe(size - 4)
      expect(mp4[at + 4]! & 0x1f).toBe(5)
      at += size
    }
    expect(at).toBe(mp4.length)

    const avcC = mp4.indexOf('avcC')
    expect([...mp4.subarray(avcC + 4, avcC + 8)]).toEqual([1, 66, 0xc0, 30])
    const tkhd = mp4.indexOf('tkhd')
    expect(mp4.readUInt32BE(tkhd + 80) >>> 16).toBe(VIDEO_WIDTH)
    expect(mp4.readUInt32BE(tkhd + 84) >>> 16).toBe(VIDEO_HEIGHT)
  })

  it('converts colours to limited-range 4:2:0, never writing a zero sample', () => {
    const black = new Uint8Array(4 * 4 * 3)
    const white = new Uint8Array(4 * 4 * 3).fill(255)
    expect([...rgbToYuv420(black, 4, 4, 3).y]).toEqual(Array(16).fill(16))
    expect([...rgbToYuv420(white, 4, 4, 3).y]).toEqual(Array(16).fill(235))
    const red = new Uint8Array(2 * 2 * 3)
    for (let i = 0; i < 4; i++) red[i * 3] = 255
    const { u, v } = rgbToYuv420(red, 2, 2, 3)
    expect(u[0]).toBeLessThan(128)
    expect(v[0]).toBeGreaterThan(200)
  })
})
