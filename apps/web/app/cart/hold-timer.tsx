/**
 * The time left on the cart's stock hold, counted down from the server's clock (a wrong device
 * clock cannot shorten or stretch it). When the hold runs out the page reloads its data, and the
 * cart then says which items went back to the shelves.
 */
import { describeHoldLeft } from '@fanshop/core'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

export function HoldTimer(props: { expiresAt: string; serverNow: number }) {
  const expires = Date.parse(props.expiresAt)
  const [now, setNow] = useState(props.serverNow)
  const revalidator = useRevalidator()
  const expired = now >= expires

  useEffect(() => {
    const offset = props.serverNow - Date.now()
    const tick = () => setNow(Date.now() + offset)
    tick()
    const timer = setInterval(tick, 10_000)
    return () => clearInterval(timer)
  }, [props.serverNow])

  // Once per hold: if the answer still shows it, the page does not ask again and again.
  const revalidatedFor = useRef<string | null>(null)
  const { revalidate } = revalidator
  useEffect(() => {
    if (!expired || revalidatedFor.current === props.expiresAt) return
    revalidatedFor.current = props.expiresAt
    void revalidate()
  }, [expired, revalidate, props.expiresAt])

  return (
    <p className="hold-timer">
      {expired ? (
        'Your hold has ended: the items are going back to the shelves.'
      ) : (
        <>
          Held for you for <time dateTime={props.expiresAt}>{describeHoldLeft(expires, now)}</time> more.
        </>
      )}
    </p>
  )
}
