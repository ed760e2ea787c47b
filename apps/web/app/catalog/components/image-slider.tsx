/**
 * The product page's top image slider (spec 2): swipe on phones (Embla), previous/next buttons
 * and one dot per image, announced as a carousel of slides. The first image loads eagerly,
 * the others lazily; with reduced motion the slider jumps instead of gliding. Embla arrives after
 * the page is up (slider-motion.tsx), asked for once hydration's effects run, as a transition: the
 * page's first commit does not also render it (issue 15, a phone's main thread after the first paint).
 */
import type { ImageJson } from '@fanshop/core'
import { lazy, Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { ResponsiveImage } from '../../media/responsive-image.tsx'
import type { Carousel } from './slider-motion.tsx'

const SliderMotion = lazy(() =>
  import('./slider-motion.tsx').then((module) => ({ default: module.SliderMotion })),
)

const SLIDE_SIZES = '(max-width: 991px) 100vw, 50vw'

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

export function ImageSlider(props: {
  images: ImageJson[]
  label: string
  /** Show this image (e.g. the chosen colour's) when it changes. */
  focusImageId?: number
}) {
  const { images } = props
  const viewportRef = useRef<HTMLDivElement>(null)
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const [embla, setEmbla] = useState<Carousel>()
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    startTransition(() => setViewport(viewportRef.current))
  }, [])

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    onSelect()
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla])

  const scrollTo = useCallback((index: number) => embla?.scrollTo(index, prefersReducedMotion()), [embla])

  useEffect(() => {
    if (props.focusImageId === undefined) return
    const index = images.findIndex((image) => image.id === props.focusImageId)
    if (index >= 0) scrollTo(index)
  }, [props.focusImageId, images, scrollTo])

  const count = images.length
  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={props.label}
      // Set once the swipe works (Embla running), for the browser tests to wait on.
      data-carousel={embla ? 'ready' : undefined}
    >
      {viewport ? (
        <Suspense fallback={null}>
          <SliderMotion viewport={viewport} onCarousel={setEmbla} />
        </Suspense>
      ) : null}
      <div className="slider__viewport" ref={viewportRef}>
        <div className="slider__container">
          {images.map((image, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              className="slider__slide"
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
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
