/**
 * Before the launch, where a fan comes to buy (the home, /shop, a product page, the menu): when the
 * shop opens, counted down, and the ways in before then, the access code (/entercode) and the
 * coming-soon sign-up. Without it the first a fan heard of the launch was a refused add to cart.
 * Drawn only while this visitor may not shop yet, and gone when the countdown reaches zero.
 */
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { useFrame } from '../site/use-frame.ts'
import { Countdown } from './countdown.tsx'

export function LaunchNotice() {
  const launch = useFrame()?.launch
  const [opened, setOpened] = useState(false)
  const open = useCallback(() => setOpened(true), [])
  if (!launch || opened) return null
  return (
    <aside className="launch-notice" aria-label="The shop opens soon">
      <p className="launch-notice__title">The shop opens in</p>
      <Countdown launchAt={launch.at} serverNow={launch.now} onDone={open} />
      <p className="launch-notice__ways">
        <Link to="/entercode" className="button button--small">
          Enter your access code
        </Link>
        <Link to="/comingsoon" className="button button--ghost button--small">
          Tell me when it opens
        </Link>
      </p>
    </aside>
  )
}
