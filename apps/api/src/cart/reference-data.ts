/**
 * The shop's reference data, written by a migration so that a shop without demo content can still
 * take orders: every country with its states where it has them, shipping zones with rates (zone 0
 * covers what the others do not, and has no rate: those places are not served) and the two
 * payment methods. Operators change rates and methods in these tables.
 */
import type { Kysely } from 'kysely'
import { syncIdSequence } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { allCountries, COUNTRIES_WITH_STATES, statesOf } from './regions.ts'

/** Territories without a postal service: they stay in zone 0, which has no shipping rate. */
const NOT_SERVED = new Set(['AQ', 'BV', 'GS', 'HM', 'IO', 'TF', 'UM'])

const ZONES = [
  {
    id: 1,
    name: 'Spain',
    countries: ['ES'],
    methods: [
      { name: 'Standard delivery (2–3 working days)', cost: 490, free_above: 6000 },
      { name: 'Express delivery (next working day)', cost: 990, free_above: null },
    ],
  },
  {
    id: 2,
    name: 'Europe',
    countries:
      'AD AT BE BG CH CY CZ DE DK EE FI FR GB GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA'.split(
        ' ',
      ),
    methods: [
      { name: 'Standard delivery (4–6 working days)', cost: 990, free_above: 12000 },
      { name: 'Express delivery (2–3 working days)', cost: 1990, free_above: null },
    ],
  },
  {
    id: 3,
    name: 'Americas',
    countries: 'AR BO BR CA CL CO CR DO EC GT HN MX NI PA PE PR PY SV US UY VE'.split(' '),
    methods: [
      { name: 'International standard (7–12 working days)', cost: 1490, free_above: null },
      { name: 'International express (3–5 working days)', cost: 2990, free_above: null },
    ],
  },
  {
    id: 4,
    name: 'Asia and Pacific',
    countries: 'AU CN HK ID IN JP KR MY NZ PH SG TH TW VN'.split(' '),
    methods: [
      { name: 'International standard (8–14 working days)', cost: 1690, free_above: null },
      { name: 'International express (3–5 working days)', cost: 3490, free_above: null },
    ],
  },
]

export async function insertReferenceData(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  const countries = allCountries()
  const withStates = new Set(COUNTRIES_WITH_STATES)
  await db
    .insertInto('countries')
    .values(
      countries.map((c) => ({
        iso: c.iso,
        iso_name: c.name.toUpperCase(),
        name: c.name,
        states_required: withStates.has(c.iso) ? 1 : 0,
      })),
    )
    .execute()
  const idByIso = new Map(
    (await db.selectFrom('countries').select(['id', 'iso']).execute()).map((c) => [c.iso, c.id]),
  )
  for (const iso of COUNTRIES_WITH_STATES) {
    await db
      .insertInto('states')
      .values(statesOf(iso).map((s) => ({ country_id: idByIso.get(iso)!, abbr: s.abbr, name: s.name })))
      .execute()
  }

  await db
    .insertInto('shipping_zones')
    .values([
      { id: 0, name: 'Locations not covered by your other zones', zone_order: 999 },
      ...ZONES.map((z) => ({ id: z.id, name: z.name, zone_order: z.id })),
      { id: ZONES.length + 1, name: 'Rest of the world', zone_order: ZONES.length + 1 },
    ])
    .execute()
  await syncIdSequence(db, dialect, 'shipping_zones')
  const zoned = new Set(ZONES.flatMap((z) => z.countries))
  const restOfWorld = countries.map((c) => c.iso).filter((iso) => !zoned.has(iso) && !NOT_SERVED.has(iso))
  const membership = [
    ...ZONES.flatMap((z) => z.countries.map((iso) => ({ zone_id: z.id, iso }))),
    ...restOfWorld.map((iso) => ({ zone_id: ZONES.length + 1, iso })),
  ]
  await db
    .insertInto('shipping_zone_countries')
    .values(membership.map((m) => ({ zone_id: m.zone_id, country_id: idByIso.get(m.iso)! })))
    .execute()
  await db
    .insertInto('shipping_methods')
    .values([
      ...ZONES.flatMap((z) => z.methods.map((m, position) => ({ zone_id: z.id, position, ...m }))),
      {
        zone_id: ZONES.length + 1,
        position: 0,
        name: 'International tracked (10–20 working days)',
        cost: 2490,
        free_above: null,
      },
    ])
    .execute()

  await db
    .insertInto('payment_methods')
    .values([
      {
        method_type: 'credit_card',
        name: 'Credit or debit card',
        description:
          'Pay now by card. Test mode: 4242 4242 4242 4242 is approved and 4000 0000 0000 0002 is declined (any future expiry date, any 3 digits).',
        position: 0,
        active: 1,
      },
      {
        method_type: 'bank_transfer',
        name: 'Bank transfer',
        description:
          'Transfer the total within 7 days to IBAN ES91 2100 0418 4502 0005 1332 (Fan Shop), quoting your order number. We ship as soon as it arrives.',
        position: 1,
        active: 1,
      },
    ])
    .execute()
}
