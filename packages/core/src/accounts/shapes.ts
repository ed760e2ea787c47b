/**
 * The account API's shapes (WordPress and WooCommerce conventions where the spec names no
 * fields), defined once: the API validates requests and answers with them, the storefront
 * reads the same types.
 */
import { z } from 'zod'
import { text } from '../input.ts'
import { menuItemSchema } from '../site/navigation.ts'
import { accountRules, type Clock, GENDERS, isoBirthdaySchema, ACCOUNT_MESSAGES as M } from './validation.ts'

/** Spec 9: a token is of type Bearer; a social-login token lives 5108158 seconds. */
export const TOKEN_TYPE = 'Bearer'
export const SOCIAL_TOKEN_LIFETIME_SECONDS = 5_108_158
/** Tokens from the e-mail and password login: two weeks, then the visitor logs in again. */
export const PASSWORD_TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60

export const tokenResponseSchema = z.object({
  data: z.object({
    token: z.string(),
    token_type: z.literal(TOKEN_TYPE),
    /** Seconds until the token expires. */
    expires_in: z.number().int().positive(),
  }),
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

export const loginRequestSchema = z.object({
  username: text({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(254, { error: M.tooLong })
    .describe('The e-mail address.'),
  password: text({ error: M.required }).min(1, { error: M.required }).max(1024, { error: M.tooLong }),
})

export const facebookLoginSchema = z.object({
  access_token: text({ error: 'The Facebook access token is missing.' })
    .trim()
    .min(10, { error: 'The Facebook access token is missing.' })
    .max(4096, { error: 'The Facebook access token is too long to be one.' }),
})

export const messageSchema = z.object({ message: z.string() })

export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const

/** The user's preferences (spec 3: the authenticated user's preferences object). */
export const userSettingsSchema = z.object({
  newsletter: z.boolean().describe('News and drops by e-mail.'),
  order_updates: z.boolean().describe('E-mails when an order ships.'),
  preferred_size: z.enum(CLOTHING_SIZES).nullable().describe('Size to preselect on product pages.'),
})
export type UserSettings = z.infer<typeof userSettingsSchema>
export const DEFAULT_USER_SETTINGS: UserSettings = {
  newsletter: false,
  order_updates: true,
  preferred_size: null,
}
export const userSettingsUpdateSchema = userSettingsSchema.partial()

const userMetaSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  /** ISO date, "1990-03-07". */
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
})

/** POST /wp-json/wp/v2/users/me (spec 3: id, first_name, name, scope, metadata, preferences). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  /** What the user may do; every shopper holds "customer". */
  scope: z.array(z.string()),
  meta: userMetaSchema,
  preferences: userSettingsSchema,
})
export type CurrentUser = z.infer<typeof currentUserSchema>

/** GET /wp-json/wp/v2/user/menu: the user navigation, items shaped as the site's menus. */
export const userMenuSchema = z.object({ code: z.literal(200), data: z.array(menuItemSchema) })

/** GET /wp-json/wp/v2/user/details: what the profile's details page shows. */
export const userDetailsSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  ...userMetaSchema.shape,
  /** ISO instant the account was created. */
  date_created: z.string(),
})
export type UserDetails = z.infer<typeof userDetailsSchema>

const CUSTOMER_META_KEYS = ['gender', 'birthday', 'phone'] as const

/** A WooCommerce customer (GET/POST /wp-json/wc/v3/customers/{id}); our user metadata is in meta_data. */
export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  date_created: z.string(),
  date_modified: z.string(),
  meta_data: z.array(z.object({ key: z.enum(CUSTOMER_META_KEYS), value: z.string() })),
})
export type Customer = z.infer<typeof customerSchema>

/**
 * The update body of /customers/{id}: names, and metadata where "" clears a value. Each value
 * comes out as its rule gives it (a phone trimmed), so what is stored is what was checked; with a
 * clock, a birthday not yet begun is refused.
 */
export function customerUpdateSchema(currentYear: number, now?: Clock) {
  const birthday = isoBirthdaySchema(currentYear, now)
  return z
    .object({
      first_name: accountRules.name.optional(),
      last_name: accountRules.name.optional(),
      meta_data: z
        .array(z.object({ key: z.enum(CUSTOMER_META_KEYS), value: text().max(100, { error: M.tooLong }) }))
        .max(CUSTOMER_META_KEYS.length, {
          error: `must hold at most ${CUSTOMER_META_KEYS.length} entries, one per key`,
        })
        .refine((entries) => new Set(entries.map((entry) => entry.key)).size === entries.length, {
          error: 'must hold one entry per key: a key given twice leaves its value in doubt',
          when: (payload) => payload.issues.length === 0,
        })
        .optional(),
    })
    .transform((body, ctx) => {
      const meta_data = body.meta_data?.map(({ key, value }, index) => {
        if (value === '') return { key, value }
        const rule =
          key === 'gender' ? accountRules.gender : key === 'birthday' ? birthday : accountRules.phone
        const result = rule.safeParse(value)
        if (result.success) return { key, value: result.data }
        ctx.addIssue({
          code: 'custom',
          path: ['meta_data', index, 'value'],
          message: `${key}: ${result.error.issues[0]?.message ?? 'invalid value'}`,
        })
        return { key, value }
      })
      return { ...body, meta_data }
    })
}
export type CustomerUpdate = z.infer<ReturnType<typeof customerUpdateSchema>>
