import { describe, expect, it } from 'vitest'
import { DEMO_SAMPLE_RATE, synthesizeTrack } from './audio.ts'

describe('synthesised demo tracks', () => {
  it('are valid 16-bit mono PCM WAV files of the length they claim', () => {
    const { wav, durationMs } = synthesizeTrack(7, 8)
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE')
    expect(wav.readUInt16LE(20)).toBe(1)
    expect(wav.readUInt16LE(22)).toBe(1)
    expect(wav.readUInt32LE(24)).toBe(DEMO_SAMPLE_RATE)
    expect(wav.readUInt16LE(34)).toBe(16)
    const dataBytes = wav.readUInt32LE(40)
    expect(wav.length).toBe(44 + dataBytes)
    expect(durationMs).toBe(Math.round((dataBytes / 2 / DEMO_SAMPLE_RATE) * 1000))
    expect(durationMs).toBeGreaterThan(5000)
    expect(durationMs).toBeLessThan(11000)
  })

  it('carry sound, below full scale, silent only at the faded ends', () => {
    const { wav } = synthesizeTrack(3, 6)
    let peak = 0
    let energy = 0
    const count = (wav.length - 44) / 2
    for (let i = 0; i < count; i++) {
      const v = wav.readInt16LE(44 + i * 2)
      peak = Math.max(peak, Math.abs(v))
      energy += v * v
    }
    expect(peak).toBeGreaterThan(20000)
    expect(peak).toBeLessThanOrEqual(32767 * 0.86)
    expect(Math.sqrt(energy / count)).toBeGreaterThan(1000)
    expect(wav.readInt16LE(44)).toBe(0)
  })

  it('give different tracks for different seeds and the same track for the same seed', () => {
    expect(synthesizeTrack(1, 6).wav.equals(synthesizeTrack(1, 6).wav)).toBe(true)
    expect(synthesizeTrack(1, 6).wav.equals(synthesizeTrack(2, 6).wav)).toBe(false)
  })
})
