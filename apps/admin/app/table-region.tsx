/** A wide table's scrolling box on a narrow screen, reachable by keyboard so it can be scrolled without a mouse. */
export function TableRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
