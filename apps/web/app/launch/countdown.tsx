/**
 * The coming-soon countdown to LAUNCH_AT: computed from two instants, so it is right in every time
 * zone; it ticks on each whole second and reaches zero without a reload. A visitor's clock that is
 * more than a minute off the server's is corrected by the difference, read when the page arrived
 * (a frame kept across moves is as old as that page).
 */
import { countdown } from '@fanshop/core'
import { useEffect, useState } from 'react'
import { serverClockOffset } from '../site/kept-frame.ts'

const CLOCK_TOLERANCE_MS = 60_000

export function Countdown(props: { launchAt: number; serverNow: number; onDone?: () => void }) {
  const [now, setNow] = useState(props.serverNow)
  const { launchAt, serverNow, onDone } = props

  useEffect(() => {
    const drift = serverClockOffset(serverNow)
    const offset = Math.abs(drift) > CLOCK_TOLERANCE_MS ? drift : 0
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const current = Date.now() + offset
      setNow(current)
      if (current >= launchAt) {
        onDone?.()
        return
      }
      timer = setTimeout(tick, 1000 - (current % 1000) + 5)
    }
    tick()
    return () => clearTimeout(timer)
  }, [launchAt, serverNow, onDone])

  const left = countdown(launchAt, now)
  const parts = [
    { value: left.days, label: left.days === 1 ? 'day' : 'days' },
    { value: left.hours, label: left.hours === 1 ? 'hour' : 'hours' },
    { value: left.minutes, label: left.minutes === 1 ? 'minute' : 'minutes' },
    { value: left.seconds, label: left.seconds === 1 ? 'second' : 'seconds' },
  ]
  return (
    <div className="countdown" role="timer" aria-label="Time left until the shop opens">
      {parts.map((part) => (
        <div key={part.label.replace(/s$/, '')} className="countdown__part">
          <span className="countdown__value">{String(part.value).padStart(2, '0')}</span>
          <span className="countdown__label">{part.label}</span>
        </div>
      ))}
    </div>
  )
}
