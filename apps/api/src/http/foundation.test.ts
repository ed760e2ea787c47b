import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`foundation on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('answers /healthz when the database is reachable', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: testDialect })
  })

  it('answers an unknown API path with a normalised 404', async () => {
    const res = await t.app.inject('/wp-json/wp/v2/nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      statusCode: 404,
      message: 'No API endpoint GET /wp-json/wp/v2/nothing-here.',
    })
  })

  it('publishes an OpenAPI document', async () => {
    const res = await t.app.inject('/openapi.json')
    expect(res.statusCode).toBe(200)
    expect(res.json().openapi).toMatch(/^3\./)
  })

  it('serves the API reference page', async () => {
    const res = await t.app.inject('/docs/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })
})
