/**
 * Real, playable audio for the demo tracks, synthesised at seed time (there is no network and
 * no sample library): a few bars of a chord progression with bass, a plucked melody and a
 * light beat, written as 16-bit mono PCM WAV. Each tune comes from a seed, so tracks differ
 * and a re-seed gives the same files.
 */

export interface Tune {
  /** Beats per minute. */
  bpm: number
  /** MIDI note number of the key's root (60 = middle C). */
  root: number
  /** Chords as scale degrees (0-based) of the major scale, one per bar. */
  progression: number[]
  /** Bars to play (the progression repeats). */
  bars: number
  seed: number
}

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11]
const PROGRESSIONS = [
  [0, 4, 5, 3], // I V vi IV
  [5, 3, 0, 4], // vi IV I V
  [1, 4, 0, 5], // ii V I vi
  [0, 5, 3, 4], // I vi IV V
  [3, 0, 4, 5], // IV I V vi
]

function random(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

/** A tune of about `seconds` seconds, derived from a seed. */
export function tuneFor(seed: number, seconds: number): Tune {
  const rnd = random(seed)
  const bpm = 96 + Math.floor(rnd() * 40)
  const barSeconds = (4 * 60) / bpm
  return {
    bpm,
    root: 55 + Math.floor(rnd() * 10),
    progression: PROGRESSIONS[Math.floor(rnd() * PROGRESSIONS.length)]!,
    bars: Math.max(2, Math.round(seconds / barSeconds)),
    seed,
  }
}

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12)

/** The MIDI notes of the triad on a scale degree. */
function triad(root: number, degree: number): number[] {
  return [0, 2, 4].map((step) => {
    const index = degree + step
    return root + MAJOR_SCALE[index % 7]! + 12 * Math.floor(index / 7)
  })
}

/**
 * Renders a tune to samples in [-1, 1]. Oscillators advance by rotation and envelopes decay by
 * a constant factor per sample, so a track costs a few multiplications per sample.
 */
export function renderTune(tune: Tune, sampleRate: number): Float32Array {
  const beat = 60 / tune.bpm
  const bar = 4 * beat
  const total = Math.ceil(tune.bars * bar * sampleRate)
  const out = new Float32Array(total)
  const rnd = random(tune.seed + 1)
  const at = (seconds: number) => Math.min(total, Math.floor(seconds * sampleRate))

  /** Adds a sine (and its octave, `octave` loud) with an exponential decay per second. */
  const sine = (
    start: number,
    length: number,
    freq: number,
    amp: number,
    decay: number,
    octave = 0,
    attack = 0,
  ) => {
    const from = at(start)
    const to = at(start + length)
    const step = (2 * Math.PI * freq) / sampleRate
    const cosStep = Math.cos(step)
    const sinStep = Math.sin(step)
    const fall = Math.exp(-decay / sampleRate)
    const attackSamples = Math.max(1, Math.floor(attack * sampleRate))
    const releaseSamples = Math.floor(0.2 * sampleRate)
    let re = 1
    let im = 0
    let env = amp
    for (let i = from; i < to; i++) {
      const n = i - from
      const shape = Math.min(1, (n + 1) / attackSamples, (to - i) / releaseSamples)
      out[i]! += env * shape * (im + octave * 2 * im * re)
      const nextRe = re * cosStep - im * sinStep
      im = re * sinStep + im * cosStep
      re = nextRe
      env *= fall
    }
  }

  for (let b = 0; b < tune.bars; b++) {
    const chord = triad(tune.root, tune.progression[b % tune.progression.length]!)
    const barStart = b * bar
    // Pad: the triad with a soft attack.
    for (const note of chord) sine(barStart, bar, frequency(note), 0.07, 0, 0.3, 0.15)
    // Bass: the chord's root two octaves down, on beats 1 and 3.
    for (const beatIndex of [0, 2])
      sine(barStart + beatIndex * beat, beat * 1.8, frequency(chord[0]! - 24), 0.22, 2.5)
    // Melody: eighth notes picked from the chord an octave up, with rests, plucked.
    for (let step = 0; step < 8; step++) {
      if (rnd() < 0.3) continue
      const note = chord[Math.floor(rnd() * 3)]! + 12
      sine(barStart + (step * beat) / 2, beat, frequency(note), 0.16, 6, 0.5)
    }
    // Beat: a falling-pitch kick on every beat, a short noise hi-hat on the off-beats.
    for (let k = 0; k < 4; k++) {
      const from = at(barStart + k * beat)
      const to = at(barStart + k * beat + 0.2)
      let phase = 0
      for (let i = from; i < to; i++) {
        const t = (i - from) / sampleRate
        phase += (2 * Math.PI * (50 + 90 * Math.exp(-t * 30))) / sampleRate
        out[i]! += 0.35 * Math.exp(-t * 18) * Math.sin(phase)
      }
      const hatFrom = at(barStart + (k + 0.5) * beat)
      const hatTo = at(barStart + (k + 0.5) * beat + 0.04)
      for (let i = hatFrom; i < hatTo; i++)
        out[i]! += 0.06 * (1 - (i - hatFrom) / (hatTo - hatFrom)) * (rnd() * 2 - 1)
    }
  }

  // Normalise below full scale and fade the ends so nothing clicks.
  let peak = 0
  for (const v of out) peak = Math.max(peak, Math.abs(v))
  const gain = peak > 0 ? 0.85 / peak : 1
  const fade = Math.floor(0.05 * sampleRate)
  for (let i = 0; i < total; i++) {
    const edge = Math.min(1, i / fade, (total - 1 - i) / fade)
    out[i] = out[i]! * gain * edge
  }
  return out
}

/** 16-bit mono PCM WAV file of the samples. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2
  const wav = Buffer.alloc(44 + dataBytes)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + dataBytes, 4)
  wav.write('WAVE', 8, 'ascii')
  wav.write('fmt ', 12, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(sampleRate, 24)
  wav.writeUInt32LE(sampleRate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(dataBytes, 40)
  const pcm = new DataView(wav.buffer, wav.byteOffset + 44, dataBytes)
  for (let i = 0; i < samples.length; i++) {
    pcm.setInt16(i * 2, Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), true)
  }
  return wav
}

export const DEMO_SAMPLE_RATE = 16_000

/** A WAV of a tune from `seed`, about `seconds` long; returns the file and its exact length. */
export function synthesizeTrack(seed: number, seconds: number): { wav: Buffer; durationMs: number } {
  const samples = renderTune(tuneFor(seed, seconds), DEMO_SAMPLE_RATE)
  return {
    wav: encodeWav(samples, DEMO_SAMPLE_RATE),
    durationMs: Math.round((samples.length / DEMO_SAMPLE_RATE) * 1000),
  }
}
