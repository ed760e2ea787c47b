/**
 * The owner's staff page: who is on the staff, inviting someone and withdrawing a waiting
 * invitation, changing roles, ending sessions, and deactivating a departed member (or reactivating
 * them) after a confirmation in a native dialog that says what it does.
 */
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import {
  adminEndpoints,
  invitationRequestSchema,
  ROLE_LABELS,
  roleLowers,
  STAFF_ROLES,
  type Staff,
  type StaffRole,
  staffRoleSchema,
} from '@fanshop/core'
import { useEffect, useRef, useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton, useFocusKept } from '../guarded-button'
import { ActionOutcome, RowAction } from '../list-page'
import { parseAsTyped } from '../parse-as-typed'
import { TableRegion } from '../table-region'
import type { Route } from './+types/staff'
import { useMe } from './layout'

export async function clientLoader() {
  const [staff, invitations] = await Promise.all([
    load(adminEndpoints.listStaff),
    load(adminEndpoints.invitations),
  ])
  return { staff: staff.items, invitations: invitations.items }
}

/** What the page's forms are answered: what was done, why not, and the invitation form's result. */
type Answer = { message?: string; error?: string; invitation?: SubmissionResult<string[]> }

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Answer> {
  const form = await request.formData()
  const intent = formText(form, 'intent')
  const id = Number(formText(form, 'id'))
  if (intent === 'invite') {
    const submission = parseInvitation(form)
    if (submission.status !== 'success') return { invitation: submission.reply() }
    const result = await attempt(() => api(adminEndpoints.invite, { body: submission.value }))
    return result.ok
      ? {
          message: `Invitation sent to ${result.value.email}.`,
          invitation: submission.reply({ resetForm: true }),
        }
      : refused({ invitation: submission.reply({ formErrors: [result.error] }) }, result.status)
  }
  if (intent === 'role') {
    const result = await attempt(() =>
      api(adminEndpoints.changeRole, { params: { id }, body: { role: formText(form, 'role') as StaffRole } }),
    )
    if (!result.ok) return refused({ error: result.error }, result.status)
    // A role that takes anything away ends the member's sessions (the API does it): say so.
    const from = staffRoleSchema.safeParse(formText(form, 'from'))
    const ended = from.success && roleLowers(from.data, result.value.role)
    const changed = `${result.value.name} is now ${ROLE_LABELS[result.value.role]}.`
    return {
      message: ended ? `${changed} Their open sessions have ended; they log in again to go on.` : changed,
    }
  }
  if (intent === 'status') {
    const deactivated = formText(form, 'deactivated') === 'true'
    const result = await attempt(() =>
      api(adminEndpoints.setStaffStatus, { params: { id }, body: { deactivated } }),
    )
    if (!result.ok) return refused({ error: result.error }, result.status)
    return {
      message: deactivated
        ? `${result.value.name} is deactivated: their sessions have ended and they can no longer log in.`
        : `${result.value.name} is active again and can log in.`,
    }
  }
  if (intent === 'withdraw') {
    const email = formText(form, 'email')
    const result = await attempt(() => api(adminEndpoints.withdrawInvitation, { params: { email } }))
    return result.ok
      ? { message: `The invitation to ${email} is withdrawn: its link no longer works.` }
      : refused({ error: result.error }, result.status)
  }
  const result = await attempt(() => api(adminEndpoints.revokeSessions, { params: { id } }))
  return result.ok
    ? { message: `${result.value.revoked} session(s) ended.` }
    : refused({ error: result.error }, result.status)
}

const parseInvitation = (formData: FormData) => parseAsTyped(formData, invitationRequestSchema)

function RoleSelect({ id, value }: { id: string; value?: StaffRole }) {
  return (
    <select id={id} name="role" defaultValue={value ?? 'manager'}>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  )
}

/** The invitation form: an e-mail address checked as it is typed, and the role the link gives. */
function Invite({ result, busy }: { result?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'invite',
    lastResult: result,
    onValidate: ({ formData }) => parseInvitation(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section aria-labelledby="invite-heading" className="card">
      <h2 id="invite-heading">Invite someone</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Form method="post" className="inline" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <Field label="E-mail" name={fields.email.name} errors={fields.email.errors}>
          {(control) => <input {...control} key={fields.email.key} type="email" required />}
        </Field>
        <label htmlFor="invite-role">Role</label>
        <RoleSelect id="invite-role" />
        <GuardedButton type="submit" unavailable={busy}>
          Send invitation
        </GuardedButton>
      </Form>
    </section>
  )
}

/** The invitations nobody has used yet, each with its Withdraw (useFocusKept keeps the focus). */
function WaitingInvitations({
  invitations,
}: {
  invitations: Route.ComponentProps['loaderData']['invitations']
}) {
  return (
    <>
      <h2 id="waiting-heading" tabIndex={-1}>
        Waiting invitations
      </h2>
      {invitations.length === 0 ? (
        <p>No invitation is waiting.</p>
      ) : (
        <TableRegion label="Waiting invitations">
          <table>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Sent by</th>
                <th scope="col">Works until (UTC)</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.email}>
                  <td>{invitation.email}</td>
                  <td>{ROLE_LABELS[invitation.role]}</td>
                  <td>{invitation.invitedBy ?? 'The create-owner command'}</td>
                  <td>{invitation.expiresAt.replace('T', ' ').slice(0, 16)}</td>
                  <td>
                    <RowAction
                      kind="withdraw"
                      row={invitation.email}
                      fields={{ intent: 'withdraw', email: invitation.email }}
                      label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </RowAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </>
  )
}

/**
 * Asks before deactivating a member (or reactivating one), saying what it does. Opened as it is
 * drawn; closing it (Cancel, Escape, or sending) gives the focus back to the button that opened it.
 */
function StatusDialog({ staff, onClose }: { staff: Staff; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const deactivate = staff.deactivatedAt === null
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog ref={dialog} aria-labelledby="status-heading" className="card" onClose={onClose}>
      <h2 id="status-heading">
        {deactivate ? 'Deactivate' : 'Reactivate'} {staff.name}?
      </h2>
      {deactivate ? (
        <p>
          {staff.name} ({staff.email}) is logged out everywhere at once and can no longer log in; the
          invitations they sent that nobody has used are withdrawn. Their account stays, so the audit log goes
          on showing what they did, and you can reactivate them later.
        </p>
      ) : (
        <p>
          {staff.name} ({staff.email}) can log in again as {ROLE_LABELS[staff.role]}, with their own password
          {staff.totpEnabled ? ' and authenticator app' : ''}. Change their role first if their work has
          changed.
        </p>
      )}
      <Form method="post" className="inline" onSubmit={() => dialog.current?.close()}>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={staff.id} />
        <input type="hidden" name="deactivated" value={String(deactivate)} />
        <button type="submit" className={deactivate ? 'danger' : undefined}>
          {deactivate ? 'Deactivate' : 'Reactivate'} {staff.name}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </Form>
    </dialog>
  )
}

/** A member's status, and the button that asks before changing it (none on one's own row). */
function Status({
  staff,
  self,
  busy,
  onAsk,
}: {
  staff: Staff
  self: boolean
  busy: boolean
  onAsk: () => void
}) {
  const since = staff.deactivatedAt?.slice(0, 10)
  return (
    <div className="inline">
      <span>{since ? `Deactivated on ${since}` : self ? 'Active (you)' : 'Active'}</span>
      {self ? null : (
        <GuardedButton
          id={`status-${staff.id}`}
          type="button"
          unavailable={busy}
          onClick={onAsk}
          aria-label={`${since ? 'Reactivate' : 'Deactivate'} ${staff.name}…`}
        >
          {since ? 'Reactivate…' : 'Deactivate…'}
        </GuardedButton>
      )}
    </div>
  )
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const me = useMe().staff
  const [asking, setAsking] = useState<Staff | null>(null)
  // A withdrawn invitation's row goes with its Withdraw: the next row's takes the focus, else the heading.
  useFocusKept(busy, () => document.getElementById('waiting-heading'))
  return (
    <>
      <h1>Staff</h1>
      <ActionOutcome outcome={data} />
      <Invite result={data?.invitation} busy={busy} />
      <WaitingInvitations invitations={loaderData.invitations} />
      <TableRegion label="Staff members">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Two-factor</th>
              <th scope="col">Status</th>
              <th scope="col">Open sessions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.staff.map((staff) => (
              <tr key={staff.id}>
                <td>{staff.name}</td>
                <td>{staff.email}</td>
                <td>
                  <Form method="post" className="inline">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={staff.id} />
                    <input type="hidden" name="from" value={staff.role} />
                    <label htmlFor={`role-${staff.id}`} className="visually-hidden">
                      Role of {staff.name}
                    </label>
                    <RoleSelect id={`role-${staff.id}`} value={staff.role} />
                    <GuardedButton
                      type="submit"
                      unavailable={busy}
                      aria-label={`Change the role of ${staff.name}`}
                    >
                      Change
                    </GuardedButton>
                  </Form>
                </td>
                <td>{staff.totpEnabled ? 'On' : 'Off'}</td>
                <td>
                  <Status
                    staff={staff}
                    self={staff.id === me.id}
                    busy={busy}
                    onAsk={() => setAsking(staff)}
                  />
                </td>
                <td>
                  <Form method="post" className="inline">
                    <input type="hidden" name="intent" value="sessions" />
                    <input type="hidden" name="id" value={staff.id} />
                    <span>{staff.activeSessions}</span>
                    <GuardedButton
                      type="submit"
                      unavailable={busy || staff.activeSessions === 0}
                      aria-label={`End every session of ${staff.name}`}
                    >
                      End sessions
                    </GuardedButton>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {asking ? <StatusDialog key={asking.id} staff={asking} onClose={() => setAsking(null)} /> : null}
    </>
  )
}
