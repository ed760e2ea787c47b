/**
 * Copy link (spec 4): puts the current page's address on the clipboard, says "Copied link to
 * clipboard" for 2 s, then closes the panels. Where the clipboard is not available, the address
 * is shown selected so the visitor can copy it by hand.
 */
import { COPY_CONFIRMATION_MS } from '@fanshop/core'
import { useEffect, useRef, useState } from 'react'
import { LinkIcon } from './icons.tsx'
import { useUi } from './ui-store.ts'

export const COPIED_TEXT = 'Copied link to clipboard'

export function CopyLink({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle')
  const closeAll = useUi((s) => s.closeAll)
  const manualField = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => {
      setState('idle')
      closeAll()
    }, COPY_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [state, closeAll])

  useEffect(() => {
    if (state === 'manual') manualField.current?.select()
  }, [state])

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setState('copied')
    } catch {
      setState('manual')
    }
  }

  return (
    <div className="copy-link">
      <button type="button" className="share-action" onClick={copy}>
        <LinkIcon />
        <span>Copy link</span>
      </button>
      <p className="copy-link__status" role="status">
        {state === 'copied' ? COPIED_TEXT : ''}
      </p>
      {state === 'manual' ? (
        <label className="copy-link__manual">
          <span>Copy this link</span>
          <input ref={manualField} type="text" readOnly value={url} />
        </label>
      ) : null}
    </div>
  )
}
