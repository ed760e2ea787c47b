/** A visible note while the browser is offline (spec 4: online status is tracked). */
import { useOnline } from './use-browser.ts'

export function OfflineNote() {
  const online = useOnline()
  return (
    <div className="offline-note" role="status" data-offline={!online}>
      {online ? null : <p>You are offline. Pages you open may not load until your connection is back.</p>}
    </div>
  )
}
