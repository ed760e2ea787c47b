/**
 * The 2 px page progress bar (spec 4 and 9): it appears when a navigation has taken 200 ms, fills
 * in 100 ms steps over about 5 s, jumps to full when the page arrives, and fades out.
 */
import { PROGRESS_BAR_HEIGHT_PX, PROGRESS_STEP_MS, progressPercent } from '@fanshop/core'
import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

export function ProgressBar() {
  const busy = useNavigation().state !== 'idle'
  const [percent, setPercent] = useState<number | null>(null)

  useEffect(() => {
    if (!busy) {
      setPercent((shown) => (shown === null ? null : 100))
      return
    }
    const started = performance.now()
    const tick = setInterval(() => setPercent(progressPercent(performance.now() - started)), PROGRESS_STEP_MS)
    return () => clearInterval(tick)
  }, [busy])

  useEffect(() => {
    if (busy || percent !== 100) return
    const fade = setTimeout(() => setPercent(null), PROGRESS_STEP_MS * 2)
    return () => clearTimeout(fade)
  }, [busy, percent])

  if (percent === null) return null
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Loading the page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      style={{ height: PROGRESS_BAR_HEIGHT_PX }}
    >
      <div className="progress-bar__fill" style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  )
}
