/** /profile: an overview of the account, with the way to each part of it. */
import { accountEndpoints, MONTHS, type UserDetails } from '@fanshop/core'
import { Link } from 'react-router'
import { callData } from '../../api.server.ts'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-index'

export async function loader({ url, context }: Route.LoaderArgs) {
  const { token } = await requireUser(url, context)
  return { details: await callData(context, accountEndpoints.details, { token }) }
}

function readableDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number]
  return `${day} ${MONTHS[month - 1]?.name ?? ''} ${year}`
}

function Summary({ details }: { details: UserDetails }) {
  return (
    <dl className="profile-summary">
      <dt>Name</dt>
      <dd>{`${details.first_name} ${details.last_name}`.trim() || details.name}</dd>
      <dt>E-mail</dt>
      <dd>{details.email}</dd>
      <dt>Birthday</dt>
      <dd>{details.birthday ? readableDate(details.birthday) : 'Not given'}</dd>
      <dt>Phone</dt>
      <dd>{details.phone ?? 'Not given'}</dd>
      <dt>Member since</dt>
      <dd>{readableDate(details.date_created)}</dd>
    </dl>
  )
}

export default function ProfileIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Your account</h2>
      <Summary details={loaderData.details} />
      <p className="profile-card__actions">
        <Link to="/profile/details" className="button button--ghost">
          Edit details
        </Link>
        <Link to="/profile/orders" className="button button--ghost">
          See orders
        </Link>
      </p>
    </div>
  )
}
