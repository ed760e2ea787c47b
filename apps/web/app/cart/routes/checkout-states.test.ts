// The address form's states: any country_id the store API could not look up is the visitor's bad
// input (400, or 404 for a country that is not there), never a 500, and said as the API says it. Against the real API on a
// loopback port, and a stand-in for an API refusal the loader cannot foresee.
import { expect, it } from 'vitest'
import { placeIds } from '../../../../api/tests/cart.ts'
import { testLoadContext } from '../../../tests/load-context.ts'
import { listeningApi } from '../../../tests/visitor.ts'
import { action, loader } from './checkout-states.ts'

const api = listeningApi()

const states = (countryId: string, apiFetch: typeof fetch = fetch) => {
  const url = new URL(`http://shop.test/checkout/states?country_id=${countryId}`)
  return loader({
    request: new Request(url),
    url,
    context: testLoadContext(apiFetch, api.baseUrl),
    params: {},
  } as Parameters<typeof loader>[0])
}

it("answers a country's states", async () => {
  const spain = await placeIds(api.t, 'ES')
  const answer = await states(String(spain.countryId))
  expect(answer.states.length).toBeGreaterThan(0)
})

it('answers 400 for what is no id and 404 for a country that is not there', async () => {
  for (const bad of ['99999999999', '2147483648', '0', 'x', ''])
    await expect(states(bad), bad).rejects.toMatchObject({
      data: { message: 'country_id must be a country id.', statusCode: 400 },
      init: { status: 400 },
    })
  await expect(states('2147483647')).rejects.toMatchObject({
    data: { statusCode: 404 },
    init: { status: 404 },
  })
})

it("answers the API's own refusal with its status and message", async () => {
  const refusing: typeof fetch = async () =>
    Response.json({ statusCode: 400, message: 'country_id: too large' }, { status: 400 })
  await expect(states('7', refusing)).rejects.toMatchObject({
    data: { message: 'country_id: too large', statusCode: 400 },
    init: { status: 400 },
  })
})

it('answers a post with a 405 that says the address is only read', () => {
  expect(() => action()).toThrow(
    expect.objectContaining({
      data: { message: 'This address only answers GET and HEAD.', statusCode: 405 },
      init: expect.objectContaining({ status: 405, headers: { allow: 'GET, HEAD' } }),
    }),
  )
})
