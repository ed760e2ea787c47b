/**
 * A real, playable video for the demo releases, made at seed time without any codec library:
 * frames drawn as SVG (soft light blobs and equaliser bars) by sharp, then written as an
 * H.264 Constrained Baseline stream of I_PCM macroblocks (raw samples, no compression, which
 * every H.264 decoder must play) inside an MP4 container with the index in front, so browsers
 * start playing at once. Small frames and a short loop keep the file around 1-2 MB.
 */
import sharp from 'sharp'

/** Writes bits most significant first, with the Exp-Golomb codes H.264 headers use. */
class BitWriter {
  private bytes = new Uint8Array(1024)
  private length = 0
  private current = 0
  private count = 0

  private push(byte: number) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2)
      grown.set(this.bytes)
      this.bytes = grown
    }
    this.bytes[this.length++] = byte
  }

  u(bits: number, value: number) {
    for (let i = bits - 1; i >= 0; i--) this.bit((value >>> i) & 1)
  }

  bit(b: number) {
    this.current = (this.current << 1) | b
    this.count++
    if (this.count === 8) {
      this.push(this.current)
      this.current = 0
      this.count = 0
    }
  }

  /** Unsigned Exp-Golomb. */
  ue(value: number) {
    const x = value + 1
    const length = 31 - Math.clz32(x)
    this.u(length, 0)
    this.u(length + 1, x)
  }

  /** Signed Exp-Golomb. */
  se(value: number) {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1)
  }

  alignWithZeros() {
    while (this.count !== 0) this.bit(0)
  }

  /** Raw bytes; the writer must be byte-aligned. */
  raw(data: Uint8Array) {
    if (this.count !== 0) throw new Error('raw bytes need a byte-aligned writer')
    while (this.length + data.length > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2)
      grown.set(this.bytes)
      this.bytes = grown
    }
    this.bytes.set(data, this.length)
    this.length += data.length
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte boundary. */
  finish(): Uint8Array {
    this.bit(1)
    this.alignWithZeros()
    return this.bytes.subarray(0, this.length)
  }
}

/** A NAL unit: header byte, then the payload with emulation-prevention bytes inserted. */
function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Buffer {
  const out = Buffer.alloc(1 + rbsp.length + Math.ceil(rbsp.length / 2))
  out[0] = (refIdc << 5) | type
  let length = 1
  let zeros = 0
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3
      zeros = 0
    }
    out[length++] = byte
    zeros = byte === 0 ? zeros + 1 : 0
  }
  return out.subarray(0, length)
}

const PROFILE_BASELINE = 66
const CONSTRAINT_FLAGS = 0xc0 // constraint_set0 and constraint_set1: Constrained Baseline
const LEVEL = 30

function sequenceParameterSet(widthMbs: number, heightMbs: number): Buffer {
  const w = new BitWriter()
  w.u(8, PROFILE_BASELINE)
  w.u(8, CONSTRAINT_FLAGS)
  w.u(8, LEVEL)
  w.ue(0) // seq_parameter_set_id
  w.ue(0) // log2_max_frame_num_minus4
  w.ue(2) // pic_order_cnt_type: output order = decoding order
  w.ue(0) // max_num_ref_frames: every picture is an IDR
  w.u(1, 0) // gaps_in_frame_num_value_allowed_flag
  w.ue(widthMbs - 1)
  w.ue(heightMbs - 1)
  w.u(1, 1) // frame_mbs_only_flag
  w.u(1, 1) // direct_8x8_inference_flag
  w.u(1, 0) // frame_cropping_flag
  w.u(1, 0) // vui_parameters_present_flag
  return nalUnit(3, 7, w.finish())
}

function pictureParameterSet(): Buffer {
  const w = new BitWriter()
  w.ue(0) // pic_parameter_set_id
  w.ue(0) // seq_parameter_set_id
  w.u(1, 0) // entropy_coding_mode_flag: CAVLC
  w.u(1, 0) // bottom_field_pic_order_in_frame_present_flag
  w.ue(0) // num_slice_groups_minus1
  w.ue(0) // num_ref_idx_l0_default_active_minus1
  w.ue(0) // num_ref_idx_l1_default_active_minus1
  w.u(1, 0) // weighted_pred_flag
  w.u(2, 0) // weighted_bipred_idc
  w.se(0) // pic_init_qp_minus26
  w.se(0) // pic_init_qs_minus26
  w.se(0) // chroma_qp_index_offset
  w.u(1, 1) // deblocking_filter_control_present_flag
  w.u(1, 0) // constrained_intra_pred_flag
  w.u(1, 0) // redundant_pic_cnt_present_flag
  return nalUnit(3, 8, w.finish())
}

const I_PCM = 25

/** One IDR picture, every macroblock I_PCM, from planar 4:2:0 samples. */
function idrPicture(frame: YuvFrame, idrPicId: number): Buffer {
  const { width, height, y, u, v } = frame
  const w = new BitWriter()
  w.ue(0) // first_mb_in_slice
  w.ue(7) // slice_type: I, and every slice of the picture is I
  w.ue(0) // pic_parameter_set_id
  w.u(4, 0) // frame_num
  w.ue(idrPicId)
  w.u(1, 0) // no_output_of_prior_pics_flag
  w.u(1, 0) // long_term_reference_flag
  w.se(0) // slice_qp_delta
  w.ue(1) // disable_deblocking_filter_idc: off (raw samples need none)
  const luma = new Uint8Array(256)
  const cb = new Uint8Array(64)
  const cr = new Uint8Array(64)
  for (let my = 0; my < height / 16; my++) {
    for (let mx = 0; mx < width / 16; mx++) {
      w.ue(I_PCM)
      w.alignWithZeros()
      for (let r = 0; r < 16; r++)
        luma.set(y.subarray((my * 16 + r) * width + mx * 16, (my * 16 + r) * width + mx * 16 + 16), r * 16)
      const cw = width / 2
      for (let r = 0; r < 8; r++) {
        cb.set(u.subarray((my * 8 + r) * cw + mx * 8, (my * 8 + r) * cw + mx * 8 + 8), r * 8)
        cr.set(v.subarray((my * 8 + r) * cw + mx * 8, (my * 8 + r) * cw + mx * 8 + 8), r * 8)
      }
      w.raw(luma)
      w.raw(cb)
      w.raw(cr)
    }
  }
  return nalUnit(3, 5, w.finish())
}

export interface YuvFrame {
  width: number
  height: number
  y: Uint8Array
  u: Uint8Array
  v: Uint8Array
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, Math.round(value)))

/** RGB to 4:2:0 YCbCr (BT.601, limited range, so no sample is ever 0). */
export function rgbToYuv420(rgb: Uint8Array, width: number, height: number, channels: number): YuvFrame {
  const y = new Uint8Array(width * height)
  const u = new Uint8Array((width / 2) * (height / 2))
  const v = new Uint8Array((width / 2) * (height / 2))
  for (let i = 0; i < width * height; i++) {
    const r = rgb[i * channels]!
    const g = rgb[i * channels + 1]!
    const b = rgb[i * channels + 2]!
    y[i] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b, 16, 235)
  }
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < width / 2; cx++) {
      const top = (cy * 2 * width + cx * 2) * channels
      const bottom = top + width * channels
      const average = (offset: number) =>
        (rgb[top + offset]! +
          rgb[top + channels + offset]! +
          rgb[bottom + offset]! +
          rgb[bottom + channels + offset]!) /
        4
      const r = average(0)
      const g = average(1)
      const b = average(2)
      u[cy * (width / 2) + cx] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b, 16, 240)
      v[cy * (width / 2) + cx] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b, 16, 240)
    }
  }
  return { width, height, y, u, v }
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + body.length, 0)
  header.write(type, 4, 'ascii')
  return Buffer.concat([header, body])
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4)
  vf.writeUInt32BE(((version << 24) | flags) >>> 0, 0)
  return box(type, vf, ...parts)
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4)
  for (const [i, value] of values.entries()) b.writeUInt32BE(value >>> 0, i * 4)
  return b
}
const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2)
  for (const [i, value] of values.entries()) b.writeUInt16BE(value & 0xffff, i * 2)
  return b
}
const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000)

/** Wraps H.264 pictures (as NAL units) in an MP4 file with the moov box first. */
export function muxMp4(options: {
  width: number
  height: number
  fps: number
  sps: Buffer
  pps: Buffer
  pictures: Buffer[]
}): Buffer {
  const { width, height, fps, sps, pps, pictures } = options
  const timescale = fps * 100
  const duration = pictures.length * 100
  const samples = pictures.map((nal) => Buffer.concat([u32(nal.length), nal]))
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'))

  const moov = (mdatPayloadOffset: number) => {
    const avcC = box(
      'avcC',
      Buffer.from([1, PROFILE_BASELINE, CONSTRAINT_FLAGS, LEVEL, 0xff, 0xe1]),
      u16(sps.length),
      sps,
      Buffer.from([1]),
      u16(pps.length),
      pps,
    )
    const compressorName = Buffer.alloc(32)
    const avc1 = box(
      'avc1',
      Buffer.alloc(6),
      u16(1), // data_reference_index
      Buffer.alloc(16),
      u16(width, height),
      u32(0x00480000, 0x00480000, 0),
      u16(1),
      compressorName,
      u16(0x0018, 0xffff),
      avcC,
    )
    const stbl = box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1, pictures.length, 100)),
      fullBox('stsc', 0, 0, u32(1, 1, pictures.length, 1)),
      fullBox('stsz', 0, 0, u32(0, pictures.length, ...samples.map((s) => s.length))),
      fullBox('stco', 0, 0, u32(1, mdatPayloadOffset)),
    )
    const minf = box(
      'minf',
      fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)),
      box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
      stbl,
    )
    const mdia = box(
      'mdia',
      fullBox('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4, 0)),
      fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide'), u32(0, 0, 0), Buffer.from('Visualiser\0')),
      minf,
    )
    const movieDuration = Math.round((duration / timescale) * 1000)
    const tkhd = fullBox(
      'tkhd',
      0,
      3,
      u32(0, 0, 1, 0, movieDuration, 0, 0),
      u16(0, 0, 0, 0),
      UNITY_MATRIX,
      u32(width << 16, height << 16),
    )
    const mvhd = fullBox(
      'mvhd',
      0,
      0,
      u32(0, 0, 1000, movieDuration, 0x00010000),
      u16(0x0100, 0),
      u32(0, 0),
      UNITY_MATRIX,
      u32(0, 0, 0, 0, 0, 0, 2),
    )
    return box('moov', mvhd, box('trak', tkhd, mdia))
  }

  const sized = moov(0)
  const mdatPayloadOffset = ftyp.length + sized.length + 8
  return Buffer.concat([ftyp, moov(mdatPayloadOffset), box('mdat', ...samples)])
}

/** One frame of the visualiser loop at time t (0..1), as SVG. */
export function visualiserFrame(seed: number, t: number, width: number, height: number): string {
  const hue = (seed * 47) % 360
  const turn = 2 * Math.PI * t
  const blobs = [0, 1, 2, 3]
    .map((i) => {
      const cx = width * (0.5 + 0.32 * Math.sin(turn + i * 1.7))
      const cy = height * (0.45 + 0.25 * Math.cos(turn * (i % 2 ? 1 : -1) + i))
      const r = height * (0.28 + 0.06 * Math.sin(turn * 2 + i))
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${(hue + i * 40) % 360} 70% 55%)" opacity="0.75"/>`
    })
    .join('')
  const barCount = 16
  const barWidth = width / barCount
  const bars = Array.from({ length: barCount }, (_, i) => {
    const level = 0.5 + 0.5 * Math.sin(turn * 3 + i * 0.9 + seed) * Math.cos(turn + i * 0.35)
    const h = height * (0.08 + 0.3 * Math.abs(level))
    return `<rect x="${(i * barWidth + barWidth * 0.2).toFixed(1)}" y="${(height - h).toFixed(1)}" width="${(barWidth * 0.6).toFixed(1)}" height="${h.toFixed(1)}" fill="white" opacity="0.85"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><filter id="soft"><feGaussianBlur stdDeviation="${(height * 0.08).toFixed(1)}"/></filter></defs><rect width="100%" height="100%" fill="hsl(${hue} 45% 12%)"/><g filter="url(#soft)">${blobs}</g>${bars}</svg>`
}

export const VIDEO_WIDTH = 256
export const VIDEO_HEIGHT = 144
export const VIDEO_FPS = 10

/** An MP4 visualiser loop of `seconds` seconds; returns the file and its length in seconds. */
export async function renderVisualiser(
  seed: number,
  seconds: number,
): Promise<{ mp4: Buffer; duration: number }> {
  const frames = Math.round(seconds * VIDEO_FPS)
  const pictures: Buffer[] = []
  for (let f = 0; f < frames; f++) {
    const svg = visualiserFrame(seed, f / frames, VIDEO_WIDTH, VIDEO_HEIGHT)
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    pictures.push(idrPicture(rgbToYuv420(data, info.width, info.height, info.channels), f % 2))
  }
  const mp4 = muxMp4({
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    fps: VIDEO_FPS,
    sps: sequenceParameterSet(VIDEO_WIDTH / 16, VIDEO_HEIGHT / 16),
    pps: pictureParameterSet(),
    pictures,
  })
  return { mp4, duration: frames / VIDEO_FPS }
}
