/**
 * The server's configuration, read once from environment variables and validated,
 * so that a wrong value stops the server at start with one line naming the variable.
 * Every variable is documented in the README and in .env.example.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  DEFAULT_MAX_PER_ORDER,
  launchInstant,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  parseSocialLinks,
} from '@fanshop/core'
import { z } from 'zod'

const optionalUrl = z.url().optional()
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  PUBLIC_URL: optionalUrl,
  API_BASE_URL: optionalUrl,
  STORE_HOST: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STAFF_TOTP_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fan Shop <shop@localhost>'),
  SHOP_EMAIL: z.email().default('shop@localhost.localdomain'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  LAUNCH_AT: z
    .string()
    .default('2020-10-29T07:00')
    .refine((value) => {
      try {
        launchInstant(value, 'UTC')
        return true
      } catch {
        return false
      }
    }, 'must be a local date-time like 2020-10-29T07:00 or an ISO instant with offset'),
  SHOP_TZ: z
    .string()
    .default('Europe/Madrid')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'is not a known IANA time zone'),
  ANALYTICS_ID: z.string().min(1).optional(),
  SOCIAL_LINKS: z
    .string()
    .optional()
    .superRefine((value, issue) => {
      try {
        parseSocialLinks(value)
      } catch (error) {
        issue.addIssue({ code: 'custom', message: `is not valid: ${(error as Error).message}` })
      }
    }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  MAX_PER_ORDER: z.coerce
    .number()
    .int()
    .min(MIN_LINE_QUANTITY)
    .max(MAX_LINE_QUANTITY)
    .default(DEFAULT_MAX_PER_ORDER),
  // The drop's waiting room (README, "Waiting room"): off unless QUEUE_RATE_PER_MINUTE is set.
  QUEUE_RATE_PER_MINUTE: z.coerce.number().positive().max(1_000_000).optional(),
  QUEUE_OPENS_MINUTES_BEFORE: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  QUEUE_MAX_SHOPPING: z.coerce.number().int().min(1).optional(),
  QUEUE_PASS_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  QUEUE_POW_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
})

export type Env = z.infer<typeof envSchema>

export interface Config extends Env {
  dataDir: string
  databaseUrl: string
  publicUrl: string
  apiBaseUrl: string
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with a one-line message on a wrong value. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, emptyAsUndefined(v)]))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(source[name])})`,
    )
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const wildcard = ['0.0.0.0', '::', 'localhost'].includes(env.HOST)
  const localUrl = `http://${wildcard ? 'localhost' : env.HOST}:${env.PORT}`
  const loopbackUrl = `http://${wildcard ? '127.0.0.1' : env.HOST}:${env.PORT}`
  return {
    ...env,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
    publicUrl: (env.PUBLIC_URL ?? localUrl).replace(/\/$/, ''),
    apiBaseUrl: (env.API_BASE_URL ?? loopbackUrl).replace(/\/$/, ''),
  }
}

/**
 * The secret that signs the storefront's session cookie (the visitor's login, cart and access
 * grant): SESSION_SECRET, required in production; development and tests get one per process
 * (sessions then end with the process).
 */
export function sessionSecret(config: Pick<Config, 'NODE_ENV' | 'SESSION_SECRET'>): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production (32+ characters)')
  }
  return randomBytes(32).toString('base64url')
}

/**
 * A value worked out once per configuration (and per key, where one is given) and kept while the
 * configuration lives: signing keys, the launch instant, the queue from the environment are asked
 * for on hot paths.
 */
export function perConfig<V, K = void>(
  compute: (config: Config, key: K) => V,
): (config: Config, key: K) => V {
  const kept = new WeakMap<Config, Map<K, V>>()
  return (config, key) => {
    let values = kept.get(config)
    if (!values) {
      values = new Map()
      kept.set(config, values)
    }
    if (!values.has(key)) values.set(key, compute(config, key))
    return values.get(key) as V
  }
}

/** The launch instant (time-zone rules are costly per request). */
export const launchAtOf = perConfig((config) => launchInstant(config.LAUNCH_AT, config.SHOP_TZ))
