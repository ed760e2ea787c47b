/** Opens the stream popup (spec 2: the music streaming services), which the site frame draws. */
import { useUi } from '../../site/ui-store.ts'

export function StreamButton({ label }: { label: string }) {
  const open = useUi((s) => s.open === 'socialStream')
  const toggle = useUi((s) => s.toggle)
  return (
    <button
      type="button"
      className="button button--ghost"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => toggle('socialStream')}
      data-panel-trigger="socialStream"
    >
      {label}
    </button>
  )
}
