/** The home dashboard: orders and sales today and over 30 days (a chart with a table alternative), orders waiting, low stock. */
import { adminEndpoints, type Dashboard, formatEuro } from '@fanshop/core'
import { ApiError, load } from '../api'
import { TableRegion } from '../table-region'
import type { Route } from './+types/dashboard'
import { useMe } from './layout'

export async function clientLoader() {
  try {
    return await load(adminEndpoints.dashboard)
  } catch (error) {
    // The editor's role has no dashboard, and logging in lands here: a welcome, not an error page.
    if (error instanceof ApiError && error.status === 403) return null
    throw error
  }
}

function SalesChart({ days }: { days: Dashboard['byDay'] }) {
  const max = Math.max(1, ...days.map((day) => day.sales))
  const width = 600
  const height = 120
  const bar = width / days.length
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="sales-chart-title"
        className="chart"
      >
        <title id="sales-chart-title">Sales per day over the last 30 days</title>
        {days.map((day, i) => {
          const h = Math.round((day.sales / max) * (height - 10))
          return (
            <rect key={day.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h}>
              <title>{`${day.day}: ${day.orders} orders, ${formatEuro(day.sales)}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption>
        Sales per day, {days[0]?.day} to {days.at(-1)?.day}
      </figcaption>
      <details>
        <summary>The chart as a table</summary>
        <TableRegion label="Orders and sales per day">
          <table>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Orders</th>
                <th scope="col">Sales</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <td>{day.day}</td>
                  <td>{day.orders}</td>
                  <td>{formatEuro(day.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  )
}

export default function DashboardPage({ loaderData: d }: Route.ComponentProps) {
  const me = useMe()
  if (!d) {
    return (
      <>
        <h1>Back office</h1>
        <p>Your role ({me.staff.role}) has no dashboard. The menu above lists what you may open.</p>
      </>
    )
  }
  return (
    <>
      <h1>Dashboard</h1>
      <dl className="figures">
        <div>
          <dt>Orders today</dt>
          <dd>{d.today.orders}</dd>
        </div>
        <div>
          <dt>Sales today</dt>
          <dd>{formatEuro(d.today.sales)}</dd>
        </div>
        <div>
          <dt>Orders, 30 days</dt>
          <dd>{d.last30Days.orders}</dd>
        </div>
        <div>
          <dt>Sales, 30 days</dt>
          <dd>{formatEuro(d.last30Days.sales)}</dd>
        </div>
        <div>
          <dt>Waiting for fulfilment</dt>
          <dd>{d.waitingForFulfilment}</dd>
        </div>
      </dl>
      <SalesChart days={d.byDay} />
      <h2>Low stock</h2>
      {d.lowStock.length === 0 ? (
        <p>Nothing is running low.</p>
      ) : (
        <TableRegion label="Low stock">
          <table>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">On hand</th>
                <th scope="col">Held</th>
                <th scope="col">Sold</th>
                <th scope="col">Available</th>
              </tr>
            </thead>
            <tbody>
              {d.lowStock.map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                  <td>{row.sku}</td>
                  <td>{row.onHand}</td>
                  <td>{row.held}</td>
                  <td>{row.sold}</td>
                  <td>{row.available}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </>
  )
}
