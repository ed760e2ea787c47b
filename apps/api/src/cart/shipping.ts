/**
 * Shipping: the zone that covers an address's country (zone 0, "Locations not covered by your
 * other zones", when no other does) and the rates of that zone's methods for a basket, free from a
 * method's threshold on (packages/core decides the price).
 */
import { type AddressInput, type Cents, shippingCost } from '@fanshop/core'
import type { Db } from './orders.ts'

export interface ShippingRate {
  /** The rate's id is its shipping method's id: stable, so a client can send it back. */
  id: number
  shipping_method_id: number
  name: string
  cost: Cents
}

export const UNCOVERED_ZONE_ID = 0

export async function zoneOfCountry(db: Db, countryId: number): Promise<number> {
  const row = await db
    .selectFrom('shipping_zone_countries')
    .select('zone_id')
    .where('country_id', '=', countryId)
    .executeTakeFirst()
  return row?.zone_id ?? UNCOVERED_ZONE_ID
}

/** The rates for shipping a basket of `itemTotal` to this address, cheapest first; [] when none. */
export async function shippingRatesFor(
  db: Db,
  address: AddressInput | null,
  itemTotal: Cents,
): Promise<ShippingRate[]> {
  if (!address?.country_id) return []
  const zoneId = await zoneOfCountry(db, address.country_id)
  const methods = await db
    .selectFrom('shipping_methods')
    .select(['id', 'name', 'cost', 'free_above'])
    .where('zone_id', '=', zoneId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return methods
    .map((method) => ({
      id: method.id,
      shipping_method_id: method.id,
      name: method.name,
      cost: shippingCost({ cost: method.cost, freeAbove: method.free_above }, itemTotal),
    }))
    .sort((a, b) => a.cost - b.cost)
}

/** Every shipping zone in its display order, as WooCommerce lists them. */
export async function shippingZones(db: Db): Promise<{ id: number; name: string; order: number }[]> {
  const zones = await db
    .selectFrom('shipping_zones')
    .select(['id', 'name', 'zone_order'])
    .orderBy('zone_order')
    .orderBy('id')
    .execute()
  return zones.map((zone) => ({ id: zone.id, name: zone.name, order: zone.zone_order }))
}
