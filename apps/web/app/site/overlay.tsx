/** The dark overlay behind open panels; a click on it closes them all (spec 2). */
import { useUi } from './ui-store.ts'

export function Overlay() {
  const visible = useUi((s) => s.overlay)
  const panelOpen = useUi((s) => s.open !== null)
  const closeAll = useUi((s) => s.closeAll)
  if (!visible) return null
  return (
    <div
      className={`overlay ${panelOpen ? 'overlay--shown' : 'overlay--hiding'}`}
      onClick={closeAll}
      aria-hidden="true"
    />
  )
}
