import { describe, expect, it } from 'vitest'
import { ConfigError, launchAtOf, loadConfig, perConfig, sessionSecret } from './config.ts'

describe('loadConfig', () => {
  it('has defaults that run a local shop', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.databaseUrl).toMatch(/^sqlite:.*shop\.sqlite$/)
    expect(config.SHOP_TZ).toBe('Europe/Madrid')
    expect(config.apiBaseUrl).toBe('http://127.0.0.1:3000')
  })

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/)
    expect(() => loadConfig({ SHOP_TZ: 'Mars/Olympus' })).toThrow(/SHOP_TZ is not a known IANA time zone/)
  })

  it('limits one order to 5 units of a product unless MAX_PER_ORDER says otherwise', () => {
    expect(loadConfig({}).MAX_PER_ORDER).toBe(5)
    expect(loadConfig({ MAX_PER_ORDER: '2' }).MAX_PER_ORDER).toBe(2)
    expect(() => loadConfig({ MAX_PER_ORDER: '0' })).toThrow(/^Invalid configuration: MAX_PER_ORDER /)
    expect(() => loadConfig({ MAX_PER_ORDER: 'many' })).toThrow(/^Invalid configuration: MAX_PER_ORDER /)
  })

  it('takes STAFF_TOTP_KEY only as 32 bytes in base64', () => {
    const key = Buffer.alloc(32, 7).toString('base64')
    expect(loadConfig({ STAFF_TOTP_KEY: key }).STAFF_TOTP_KEY).toBe(key)
    expect(() => loadConfig({ STAFF_TOTP_KEY: 'c2hvcnQ=' })).toThrow(
      /^Invalid configuration: STAFF_TOTP_KEY /,
    )
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toMatch(/^sqlite:/)
  })

  it('requires SESSION_SECRET in production and makes one per process elsewhere', () => {
    expect(() => sessionSecret(loadConfig({}))).toThrow(/^Invalid configuration: SESSION_SECRET is required/)
    const secret = 'a-session-secret-of-at-least-32-characters'
    expect(sessionSecret(loadConfig({ SESSION_SECRET: secret }))).toBe(secret)
    expect(sessionSecret(loadConfig({ NODE_ENV: 'test' }))).toHaveLength(43)
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/^Invalid configuration: SESSION_SECRET /)
  })
})

describe('perConfig', () => {
  it('works a value out once per configuration and key, and apart for each', () => {
    const computed: string[] = []
    const tagged = perConfig((config, key: string) => {
      computed.push(`${config.PORT}:${key}`)
      return { port: config.PORT, key }
    })
    const one = loadConfig({ PORT: '3001' })
    const other = loadConfig({ PORT: '3002' })
    expect(tagged(one, 'a')).toBe(tagged(one, 'a'))
    expect(tagged(one, 'b')).toEqual({ port: 3001, key: 'b' })
    expect(tagged(other, 'a')).toEqual({ port: 3002, key: 'a' })
    expect(computed).toEqual(['3001:a', '3001:b', '3002:a'])
  })

  it('keeps a value that is undefined rather than working it out again', () => {
    let calls = 0
    const nothing = perConfig(() => {
      calls += 1
      return undefined
    })
    const config = loadConfig({})
    nothing(config)
    nothing(config)
    expect(calls).toBe(1)
  })

  it('gives the launch instant of LAUNCH_AT in SHOP_TZ', () => {
    const config = loadConfig({ LAUNCH_AT: '2026-12-01T07:00', SHOP_TZ: 'Europe/London' })
    expect(launchAtOf(config)).toBe(Date.parse('2026-12-01T07:00:00Z'))
  })
})
