/**
 * The music player (spec 2, music detail: player and track list): play/pause, previous/next,
 * a seek slider, the time, and the track list, each track a button. Built on one <audio>
 * element; controls are real buttons and a labelled range input, the current track is
 * announced, and on phones the lock screen's controls (Media Session) drive it too.
 * Without JavaScript, each track has the browser's own audio controls.
 */
import { describeDuration, formatDuration, type MusicRelease, plainText } from '@fanshop/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { SITE_NAME } from '../../site/brand.ts'

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  )
}
const PLAY = 'M8 5v14l11-7z'
const PAUSE = 'M7 5h4v14H7zM13 5h4v14h-4z'
const PREVIOUS = 'M6 5h2v14H6zM20 5v14L9 12z'
const NEXT = 'M16 5h2v14h-2zM4 5v14l11-7z'

export function AudioPlayer({ release }: { release: MusicRelease }) {
  const audio = useRef<HTMLAudioElement>(null)
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const tracks = release.tracks
  const track = tracks[index]
  const [duration, setDuration] = useState(track?.duration ?? 0)
  const autoplay = useRef(false)
  const releaseTitle = plainText(release.title.rendered)

  const choose = useCallback(
    (next: number, play: boolean) => {
      if (next < 0 || next >= tracks.length) return
      autoplay.current = play
      setIndex(next)
      setTime(0)
      setDuration(tracks[next]!.duration)
    },
    [tracks],
  )

  // A new track: load it, and play it when the fan asked for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the track changes
  useEffect(() => {
    const element = audio.current
    if (!element) return
    element.load()
    if (autoplay.current) element.play().catch(() => setPlaying(false))
  }, [index])

  const toggle = useCallback(() => {
    const element = audio.current
    if (!element) return
    if (element.paused) element.play().catch(() => setPlaying(false))
    else element.pause()
  }, [])

  // Lock-screen and headset controls on phones.
  useEffect(() => {
    if (!track || !('mediaSession' in navigator)) return
    const cover = release.featured_image
    navigator.mediaSession.metadata = new MediaMetadata({
      title: plainText(track.title),
      artist: SITE_NAME,
      album: releaseTitle,
      artwork: cover ? [{ src: cover.src, sizes: `${cover.width}x${cover.height}` }] : [],
    })
    navigator.mediaSession.setActionHandler('play', () => audio.current?.play())
    navigator.mediaSession.setActionHandler('pause', () => audio.current?.pause())
    navigator.mediaSession.setActionHandler('previoustrack', index > 0 ? () => choose(index - 1, true) : null)
    navigator.mediaSession.setActionHandler(
      'nexttrack',
      index < tracks.length - 1 ? () => choose(index + 1, true) : null,
    )
  }, [track, index, tracks.length, release.featured_image, releaseTitle, choose])

  if (!track) return null
  const last = tracks.length - 1

  return (
    <section className="player" aria-label={`Player: ${releaseTitle}`}>
      {/* biome-ignore lint/a11y/useMediaCaption: the tracks are instrumental; titles and lengths are in the track list */}
      <audio
        ref={audio}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          if (Number.isFinite(event.currentTarget.duration)) setDuration(event.currentTarget.duration)
        }}
        onEnded={() => {
          if (index < last) choose(index + 1, true)
          else setPlaying(false)
        }}
      >
        <source src={track.audio.src} type={track.audio.mime} />
      </audio>

      <p className="player__now" aria-live="polite">
        <span className="player__now-label">
          Track {track.number} of {tracks.length}
        </span>
        <span className="player__now-title">{plainText(track.title)}</span>
      </p>

      <div className="player__controls">
        <button
          type="button"
          className="player__button"
          aria-label="Previous track"
          disabled={index === 0}
          onClick={() => choose(index - 1, playing)}
        >
          <Icon path={PREVIOUS} />
        </button>
        <button
          type="button"
          className="player__button player__button--main"
          aria-label={playing ? `Pause ${plainText(track.title)}` : `Play ${plainText(track.title)}`}
          onClick={toggle}
        >
          <Icon path={playing ? PAUSE : PLAY} />
        </button>
        <button
          type="button"
          className="player__button"
          aria-label="Next track"
          disabled={index === last}
          onClick={() => choose(index + 1, playing)}
        >
          <Icon path={NEXT} />
        </button>
      </div>

      <div className="player__seek">
        <span className="player__time" data-role="elapsed">
          {formatDuration(time)}
        </span>
        <input
          type="range"
          className="player__range"
          min={0}
          max={duration || track.duration}
          step={0.1}
          value={Math.min(time, duration || track.duration)}
          aria-label="Seek"
          aria-valuetext={`${describeDuration(time)} of ${describeDuration(duration)}`}
          onChange={(event) => {
            const to = Number(event.currentTarget.value)
            if (audio.current) audio.current.currentTime = to
            setTime(to)
          }}
        />
        <span className="player__time">{formatDuration(duration)}</span>
      </div>

      <ol className="track-list" aria-label="Track list">
        {tracks.map((t, i) => (
          <li key={t.id}>
            <button
              type="button"
              className="track-list__track"
              aria-current={i === index ? 'true' : undefined}
              onClick={() => (i === index ? toggle() : choose(i, true))}
            >
              <span className="track-list__number" aria-hidden="true">
                {i === index && playing ? '▶' : t.number}
              </span>
              <span className="track-list__title">{plainText(t.title)}</span>
              <span className="track-list__duration">
                <span className="visually-hidden">, </span>
                {formatDuration(t.duration)}
              </span>
            </button>
          </li>
        ))}
      </ol>

      <noscript>
        <ol className="track-list track-list--native">
          {tracks.map((t) => (
            <li key={t.id}>
              {plainText(t.title)}
              {/* biome-ignore lint/a11y/useMediaCaption: the tracks are instrumental */}
              <audio controls preload="none" src={t.audio.src} />
            </li>
          ))}
        </ol>
      </noscript>
    </section>
  )
}
