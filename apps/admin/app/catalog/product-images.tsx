/**
 * A product's images on its edit page (issue 11): upload one or more (the API checks, turns and
 * strips them), each shown as a thumbnail of its served size with its alt text, moved up or down
 * with buttons (the first is the main image; a keyboard and a screen reader can reorder too) and
 * removed. Each change is saved at once, apart from the product form, and the page says so. While
 * one is sent the buttons ignore presses but keep the keyboard's focus (GuardedButton); a moved
 * image's button keeps it too, even at an end, and a removed image hands it to the next image's
 * Remove (else the one above's, else the heading), as the back office's lists do.
 */
import {
  type AdminProduct,
  adminCatalogEndpoints,
  IMAGE_UPLOAD_TYPES,
  MAX_IMAGE_ASPECT,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_IMAGES_PER_UPLOAD,
} from '@fanshop/core'
import { useId, useRef, useState } from 'react'
import { ApiError, api } from '../api'
import { GuardedButton, rowControl, useFocusKept } from '../guarded-button'

type Image = AdminProduct['images'][number]

/** How a select or a message names an image: its place, and its alt text when it has one. */
export const imageLabel = (image: Image, index: number) =>
  image.alt ? `Image ${index + 1}: ${image.alt}` : `Image ${index + 1}`

export function ProductImages({
  productId,
  images,
  onChange,
}: {
  productId: number
  images: Image[]
  onChange: (images: Image[]) => void
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [alts, setAlts] = useState<Record<number, string>>({})
  const heading = useRef<HTMLHeadingElement>(null)
  // A removed image's button goes with it: focus goes to the next image's Remove, else the one
  // above's, else (the last image removed) the heading, not the page's body.
  useFocusKept(busy, () => heading.current)
  const buttonId = (mediaId: number, action: 'alt' | 'up' | 'down' | 'remove') => `${id}-${action}-${mediaId}`

  async function change(run: () => Promise<AdminProduct>, done: string) {
    setBusy(true)
    setError(null)
    setStatus('')
    try {
      const product = await run()
      onChange(product.images)
      setStatus(done)
      return true
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The images could not be changed; try again.')
      return false
    } finally {
      setBusy(false)
    }
  }

  async function upload() {
    const files = [...(fileInput.current?.files ?? [])]
    if (files.length === 0) {
      setError('Choose one or more images first.')
      return
    }
    const body = new FormData()
    for (const file of files) body.append('files', file)
    const uploaded = await change(
      () => api(adminCatalogEndpoints.uploadProductImages, { params: { id: productId }, body }),
      files.length === 1 ? 'Image added.' : `${files.length} images added.`,
    )
    if (uploaded && fileInput.current) fileInput.current.value = ''
  }

  async function move(index: number, by: -1 | 1) {
    const ids = images.map((image) => image.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    await change(
      () => api(adminCatalogEndpoints.orderProductImages, { params: { id: productId }, body: { ids } }),
      `Image ${index + 1} is now image ${index + by + 1}${index + by === 0 ? ', the main image' : ''}.`,
    )
  }

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Images
      </h2>
      <div className="field">
        <label htmlFor={`${id}-files`}>Add images</label>
        <small id={`${id}-hint`} className="hint">
          JPEG, PNG, WebP or AVIF, up to {MAX_IMAGES_PER_UPLOAD} at once, each at most{' '}
          {MAX_IMAGE_BYTES / 1024 / 1024} MB and {MAX_IMAGE_PIXELS / 1_000_000} megapixels, at most{' '}
          {MAX_IMAGE_SIDE} pixels a side, the long side at most {MAX_IMAGE_ASPECT} times the short. Location
          and camera details are removed.
        </small>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
        />
      </div>
      <div className="inline">
        <GuardedButton type="button" onClick={upload} unavailable={busy}>
          Upload images
        </GuardedButton>
      </div>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {status ? (
        <p role="status" className="notice">
          {status}
        </p>
      ) : null}
      {images.length === 0 ? (
        <p>No images yet. The first image is the product's main image in the shop.</p>
      ) : (
        <ol className="image-list" aria-label="Product images, the main image first">
          {images.map((image, index) => {
            const alt = alts[image.id] ?? image.alt
            const altId = `${id}-alt-${image.id}`
            return (
              <li key={image.id} className="stack">
                <img
                  src={`/media/${image.id}/320.webp`}
                  alt={image.alt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                />
                <strong>{index === 0 ? 'Image 1 (main image)' : `Image ${index + 1}`}</strong>
                <label htmlFor={altId}>Alt text of image {index + 1}</label>
                <input
                  id={altId}
                  className="image-alt"
                  value={alt}
                  maxLength={250}
                  onChange={(event) => setAlts({ ...alts, [image.id]: event.target.value })}
                />
                <div className="inline">
                  <GuardedButton
                    type="button"
                    id={buttonId(image.id, 'alt')}
                    unavailable={busy || alt === image.alt}
                    onClick={() =>
                      change(
                        () =>
                          api(adminCatalogEndpoints.productImageAlt, {
                            params: { id: productId, mediaId: image.id },
                            body: { alt },
                          }),
                        `Alt text of image ${index + 1} saved.`,
                      )
                    }
                  >
                    Save alt text<span className="visually-hidden"> of image {index + 1}</span>
                  </GuardedButton>
                  <GuardedButton
                    type="button"
                    id={buttonId(image.id, 'up')}
                    unavailable={busy || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Move up<span className="visually-hidden"> image {index + 1}</span>
                  </GuardedButton>
                  <GuardedButton
                    type="button"
                    id={buttonId(image.id, 'down')}
                    unavailable={busy || index === images.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Move down<span className="visually-hidden"> image {index + 1}</span>
                  </GuardedButton>
                  <GuardedButton
                    type="button"
                    id={buttonId(image.id, 'remove')}
                    {...rowControl('remove-image')}
                    unavailable={busy}
                    onClick={() =>
                      change(
                        () =>
                          api(adminCatalogEndpoints.removeProductImage, {
                            params: { id: productId, mediaId: image.id },
                          }),
                        `Image ${index + 1} removed.`,
                      )
                    }
                  >
                    Remove<span className="visually-hidden"> image {index + 1}</span>
                  </GuardedButton>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
