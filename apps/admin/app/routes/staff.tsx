/** The owner's staff page: who is on the staff, inviting someone, changing roles, ending sessions. */
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  adminEndpoints,
  invitationRequestSchema,
  ROLE_LABELS,
  roleLowers,
  STAFF_ROLES,
  type StaffRole,
  staffRoleSchema,
} from '@fanshop/core'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, load, refused } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { ActionOutcome } from '../list-page'
import { TableRegion } from '../table-region'
import type { Route } from './+types/staff'

export async function clientLoader() {
  return load(adminEndpoints.listStaff)
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
  const result = await attempt(() => api(adminEndpoints.revokeSessions, { params: { id } }))
  return result.ok
    ? { message: `${result.value.revoked} session(s) ended.` }
    : refused({ error: result.error }, result.status)
}

const parseInvitation = (formData: FormData) => parseWithZod(formData, { schema: invitationRequestSchema })

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

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h1>Staff</h1>
      <ActionOutcome outcome={data} />
      <Invite result={data?.invitation} busy={busy} />
      <TableRegion label="Staff members">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Two-factor</th>
              <th scope="col">Open sessions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.items.map((staff) => (
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
    </>
  )
}
