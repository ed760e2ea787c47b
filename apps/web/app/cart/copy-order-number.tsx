/**
 * The order number with a button that copies it (spec 2: thank-you page with copy-to-clipboard
 * confirmation), confirmed for 2 seconds; where the clipboard is unavailable the number is selected.
 */
import { COPY_CONFIRMATION_MS } from '@fanshop/core'
import { useEffect, useRef, useState } from 'react'

export function CopyOrderNumber({ number }: { number: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle')
  const field = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [state])

  async function copy() {
    try {
      await navigator.clipboard.writeText(number)
      setState('copied')
    } catch {
      setState('manual')
      field.current?.select()
    }
  }

  return (
    <div className="copy-number">
      <label className="copy-number__label">
        <span>Order number</span>
        <input
          ref={field}
          className="copy-number__value"
          type="text"
          readOnly
          value={number}
          size={number.length + 2}
        />
      </label>
      <button type="button" className="button button--small" onClick={copy}>
        Copy order number
      </button>
      <p className="copy-number__status" role="status">
        {state === 'copied'
          ? 'Copied order number to clipboard'
          : state === 'manual'
            ? 'Copy the selected number'
            : ''}
      </p>
    </div>
  )
}
