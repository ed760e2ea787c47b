/**
 * What the back office's list pages share (issue 11's coupons, categories and size guides had each
 * written it out): the heading, the link to make a new one, the last action's answer read out, and
 * the table of every item drawn from column definitions. The answer's region serves other pages too.
 */
import type { ColumnDef } from '@tanstack/react-table'
import { type ComponentProps, useEffect, useRef } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { DataTable } from './data-table'
import { GuardedButton, rowControl, useFocusKept } from './guarded-button'

/**
 * A list's search or filter form (GET), drawn afresh for each address: its fields start from the
 * address's query (their default values), so after Back or Forward they show the filter the list
 * shows (a form reset would not do: a select's default stays the one it was first drawn with). The
 * control that had focus (the Filter button pressed, say) has it again in the form drawn afresh.
 */
export function FilterForm(props: Omit<ComponentProps<typeof Form>, 'method' | 'ref'>) {
  const { search } = useLocation()
  const form = useRef<HTMLFormElement>(null)
  const focusedAt = useRef<number | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => {
    const active = document.activeElement
    if (focusedAt.current === null || (active && active !== document.body && active.isConnected)) return
    const control = form.current?.elements[focusedAt.current]
    if (control instanceof HTMLElement) control.focus()
  }, [search])
  return (
    <Form
      key={search}
      ref={form}
      method="get"
      onFocus={(event) => {
        focusedAt.current = [...event.currentTarget.elements].indexOf(event.target as Element)
      }}
      {...props}
    />
  )
}

/** What an action answered: what it did, or why it could not. */
export interface Outcome {
  message?: string | null
  error?: string | null
}

/** The last action's answer, announced where it appears: an error as an alert, else a notice. */
export function ActionOutcome({ outcome }: { outcome: Outcome | undefined }) {
  return (
    <div aria-live="polite">
      {outcome?.error ? (
        <p role="alert" className="error">
          {outcome.error}
        </p>
      ) : outcome?.message ? (
        <p className="notice">{outcome.message}</p>
      ) : null}
    </div>
  )
}

/**
 * A button that posts one row's fields to the page's action (delete it, end it). While the page is
 * busy it says it is unavailable and ignores a press, but stays focusable (GuardedButton): a
 * disabled button dropped the keyboard's focus to the page's body, as a refused Delete showed.
 * Where the answer takes it away, the next row's of its kind takes the focus (rowControl, ListPage).
 */
export function RowAction({
  kind,
  row,
  fields,
  label,
  danger = false,
  children,
}: {
  /** What it does ('delete', 'end'): one a row, and another row's stands in for one gone. */
  kind: string
  /** The row's key: with `kind`, the button's id. */
  row: string | number
  fields: Record<string, string | number>
  /** The button's accessible name, naming the row. */
  label: string
  danger?: boolean
  children: React.ReactNode
}) {
  const busy = useNavigation().state !== 'idle'
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <GuardedButton
        {...rowControl(kind)}
        id={`row-${kind}-${row}`}
        type="submit"
        className={danger ? 'danger' : undefined}
        unavailable={busy}
        aria-label={label}
      >
        {children}
      </GuardedButton>
    </Form>
  )
}

export function ListPage<Row>({
  title,
  create,
  outcome,
  children,
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string
  /** The page that makes a new item, if it has its own. */
  create?: { to: string; label: string }
  outcome: Outcome | undefined
  /** What stands between the answer and the table (a form to add one on the page itself). */
  children?: React.ReactNode
  /** The table's scrolling region's name. */
  label: string
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column list mixes value types per column
  columns: ColumnDef<Row, any>[]
  rows: Row[]
  rowKey: (row: Row) => string
  empty: string
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // An answer's redraw can take the focused control away: a saved row drawn afresh (the one drawn
  // anew takes it), a row's Delete gone with its row or an ended coupon's End now (the next row's
  // takes it, else the row above's, else the heading). Focus fell to the page's body.
  useFocusKept(useNavigation().state !== 'idle', () => heading.current)
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {create ? (
        <p>
          <Link to={create.to}>{create.label}</Link>
        </p>
      ) : null}
      <ActionOutcome outcome={outcome} />
      {children}
      <DataTable label={label} columns={columns} data={rows} rowKey={rowKey} empty={empty} />
    </>
  )
}
