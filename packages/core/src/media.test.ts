import { describe, expect, it } from 'vitest'
import { imageSources, toOptionalPageImage, toPageImage } from './media.ts'

const list = (id: number, format: string, widths: number[]) =>
  widths.map((w) => `/media/${id}/${w}.${format} ${w}w`).join(', ')

describe("an image's addresses, derived from its id and width", () => {
  it('lists every stored width up to the image’s own, and shows the WebP at 960 px', () => {
    expect(imageSources({ id: 7, width: 1200 })).toEqual({
      src: '/media/7/960.webp',
      srcset: {
        avif: list(7, 'avif', [160, 320, 480, 640, 960]),
        webp: list(7, 'webp', [160, 320, 480, 640, 960]),
      },
    })
    expect(imageSources({ id: 7, width: 2400 }).srcset.avif).toBe(
      list(7, 'avif', [160, 320, 480, 640, 960, 1280, 1600]),
    )
  })

  it('shows a narrower image at its widest stored width, and one narrower than all at the smallest', () => {
    expect(imageSources({ id: 3, width: 500 })).toEqual({
      src: '/media/3/480.webp',
      srcset: { avif: list(3, 'avif', [160, 320, 480]), webp: list(3, 'webp', [160, 320, 480]) },
    })
    expect(imageSources({ id: 3, width: 100 })).toEqual({
      src: '/media/3/160.webp',
      srcset: { avif: '', webp: '' },
    })
  })

  it("a page's data keeps what cannot be derived, and the same addresses follow from it", () => {
    const api = { id: 5, alt: 'A tee', width: 960, height: 1200, ...imageSources({ id: 5, width: 960 }) }
    const page = toPageImage(api)
    expect(page).toEqual({ id: 5, alt: 'A tee', width: 960, height: 1200 })
    expect(imageSources(page)).toEqual({ src: api.src, srcset: api.srcset })
  })

  it('a record without a picture gives none, one with a picture gives it as a page carries it', () => {
    const api = { id: 6, alt: '', width: 320, height: 320, ...imageSources({ id: 6, width: 320 }) }
    expect(toOptionalPageImage(undefined)).toBeNull()
    expect(toOptionalPageImage(null)).toBeNull()
    expect(toOptionalPageImage(api)).toEqual({ id: 6, alt: '', width: 320, height: 320 })
  })
})
