/**
 * What the account forms share: a link that opens the log-in or register panel in place (and
 * still leads to its page without JavaScript), and the new password typed twice (register, set a
 * new password, change it on the profile).
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { CueForm } from '../site/form/cue-form.ts'
import { TextField } from '../site/form/fields.tsx'
import { useUi } from '../site/ui-store.ts'

const PANEL_PAGES = { login: '/auth/login', register: '/auth/register' } as const

export function PanelLink(props: {
  panel: keyof typeof PANEL_PAGES
  className?: string
  children: ReactNode
}) {
  const show = useUi((s) => s.show)
  return (
    <Link
      to={PANEL_PAGES[props.panel]}
      className={props.className}
      onClick={(event) => {
        event.preventDefault()
        show(props.panel)
      }}
    >
      {props.children}
    </Link>
  )
}

export function NewPasswordFields(props: { form: CueForm; label: string; repeatLabel: string }) {
  return (
    <>
      <TextField
        form={props.form}
        name="password"
        label={props.label}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        form={props.form}
        name="password_repeat"
        label={props.repeatLabel}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  )
}
