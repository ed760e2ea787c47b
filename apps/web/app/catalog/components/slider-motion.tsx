/**
 * The image slider's motion (Embla: swipe, glide, snap), a chunk of its own: the slider and its
 * first image are drawn by the server, and the carousel library loads after the page is up
 * instead of on its first load. Hands the carousel to the slider once it is running.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useEffect } from 'react'

export type Carousel = NonNullable<UseEmblaCarouselType[1]>

export function SliderMotion(props: {
  viewport: HTMLElement
  onCarousel(carousel: Carousel | undefined): void
}) {
  const [attach, carousel] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' })
  const { viewport, onCarousel } = props
  useEffect(() => {
    attach(viewport)
    return () => attach(null)
  }, [attach, viewport])
  useEffect(() => {
    onCarousel(carousel)
    return () => onCarousel(undefined)
  }, [carousel, onCarousel])
  return null
}
