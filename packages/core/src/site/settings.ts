/**
 * The settings the server hands the storefront with every request (built from the validated
 * configuration): public, non-secret values only. One schema, so the server checks what it hands
 * over and the storefront's load context is typed from it.
 */
import { z } from 'zod'
import { socialLinksSchema } from './social.ts'

export const storefrontSettingsSchema = z.object({
  apiBaseUrl: z.string(),
  publicUrl: z.string(),
  storeHost: z.string().nullable(),
  secureCookies: z.boolean(),
  analyticsId: z.string().nullable(),
  facebookAppId: z.string().nullable(),
  launchAt: z.string(),
  shopTz: z.string(),
  /** The social bar's share targets, the social share popup's profiles and the stream popup's services (SOCIAL_LINKS). */
  socialLinks: socialLinksSchema,
})
export type StorefrontSettings = z.infer<typeof storefrontSettingsSchema>
