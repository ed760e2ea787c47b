/**
 * The product page's top image slider (spec 2), announced as a carousel of slides. The browser's
 * own scroll snapping moves it: a swipe on a phone, a trackpad, or the arrow keys once the slider
 * has focus, from the first paint and without JavaScript; with it, previous/next buttons and one
 * dot per image scroll it and follow it. No carousel library starts on the page's load (issue 15:
 * its start measured the slides in a long task of a phone's first seconds). The first image
 * loads eagerly, the others lazily; with reduced motion the buttons jump instead of gliding
 * (catalog.css).
 */
import type { PageImage } from '@fanshop/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ResponsiveImage } from '../../media/responsive-image.tsx'

const SLIDE_SIZES = '(max-width: 991px) 100vw, 50vw'

/** How much of a slide shows when it counts as the one shown. */
const SHOWN = 0.6

export function ImageSlider(props: {
  images: PageImage[]
  label: string
  /** Show this image (e.g. the chosen colour's) when it changes. */
  focusImageId?: number
}) {
  const { images } = props
  const viewportRef = useRef<HTMLDivElement>(null)
  const [selected, setSelected] = useState(0)

  // The dots follow the slider as it scrolls, told by the browser when a slide is mostly in view
  // (no layout is read while it moves).
  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport || images.length < 2) return
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio >= SHOWN)
            setSelected(Number((entry.target as HTMLElement).dataset.slide))
        }
      },
      { root: viewport, threshold: SHOWN },
    )
    for (const slide of viewport.querySelectorAll('[data-slide]')) observer.observe(slide)
    return () => observer.disconnect()
  }, [images])

  const scrollTo = useCallback((index: number) => {
    const viewport = viewportRef.current
    if (!viewport) return
    setSelected(index)
    viewport.scrollTo({ left: index * viewport.clientWidth })
  }, [])

  useEffect(() => {
    if (props.focusImageId === undefined) return
    const index = images.findIndex((image) => image.id === props.focusImageId)
    if (index >= 0) scrollTo(index)
  }, [props.focusImageId, images, scrollTo])

  const count = images.length
  return (
    <section className="slider" aria-roledescription="carousel" aria-label={props.label}>
      <div
        className="slider__viewport"
        ref={viewportRef}
        // A scrolling region takes focus, so that the keyboard scrolls it too.
        tabIndex={count > 1 ? 0 : undefined}
      >
        <div className="slider__container">
          {images.map((image, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              className="slider__slide"
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-slide={index}
            >
              <ResponsiveImage
                image={image}
                sizes={SLIDE_SIZES}
                priority={index === 0}
                className="slider__image"
              />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="slider__controls">
          <button
            type="button"
            className="slider__arrow slider__arrow--prev"
            aria-label="Previous image"
            disabled={selected === 0}
            onClick={() => scrollTo(selected - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="slider__dots">
            {images.map((image, index) => (
              <button
                type="button"
                key={image.id}
                className="slider__dot"
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="slider__arrow slider__arrow--next"
            aria-label="Next image"
            disabled={selected === count - 1}
            onClick={() => scrollTo(selected + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}
