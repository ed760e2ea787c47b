/**
 * A release's video, with the browser's own accessible controls, its poster drawn at once (so
 * nothing shifts) and the file only fetched when the fan presses play.
 */
import type { MusicRelease } from '@fanshop/core'

export function VideoPlayer({ video }: { video: NonNullable<MusicRelease['video']> }) {
  return (
    <figure className="video">
      {/* biome-ignore lint/a11y/useMediaCaption: a visualiser without sound or speech; the caption names it */}
      <video
        className="video__element"
        controls
        playsInline
        loop
        preload="none"
        poster={video.poster?.src}
        width={video.width}
        height={video.height}
        aria-label={video.title}
      >
        <source src={video.file.src} type={video.file.mime} />
      </video>
      <figcaption className="video__caption">{video.title}</figcaption>
    </figure>
  )
}
