/**
 * /profile/addresses against a back end that answers like the API: an address already removed (a
 * double click on Remove), a malformed id or an unknown country in the address is a message in the
 * page or ignored, never the 500 page; a phone or postcode that does not fit the country is a
 * message at its field. The back end here is a small in-memory stand-in.
 */
import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_LIMIT,
  addressFormatErrors,
  PHONE_FORMAT_MESSAGE,
  type SavedAddressJson,
} from '@fanshop/core'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import ProfileAddresses, { action, loader } from './routes/profile-addresses.tsx'

const ADDRESS: SavedAddressJson = {
  id: 7,
  firstname: 'Ana',
  lastname: 'García',
  address1: 'Calle Mayor 1',
  address2: '',
  zipcode: '28013',
  city: 'Madrid',
  country_id: 1,
  state_id: null,
  phone: '+34 600 000 000',
  label: 'Ana García, Calle Mayor 1, 28013 Madrid, Spain',
}
const COUNTRIES = [
  { id: 1, iso: 'ES', iso_name: 'SPAIN', name: 'Spain', states_required: false },
  { id: 2, iso: 'PT', iso_name: 'PORTUGAL', name: 'Portugal', states_required: false },
]
const ID = /^[1-9]\d{0,9}$/

/** The API's paths this page uses, over one address book; its answers as the API gives them. */
function backEnd(book: SavedAddressJson[]) {
  const json = (body: unknown, status = 200) => Response.json(body, { status })
  const refused = (statusCode: number, message: string) => json({ statusCode, message }, statusCode)
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    const removal = /^\/api\/v1\/account\/addresses\/([^/]+)$/.exec(url.pathname)
    if (url.pathname === '/api/v1/account/addresses' && init?.method === 'POST') {
      // The API's own check: the phone and postcode for the country, its problems in one message.
      const address = JSON.parse(String(init.body)) as SavedAddressJson
      const country = COUNTRIES.find((each) => each.id === address.country_id) ?? null
      const problems = Object.values(addressFormatErrors(address, country))
      if (problems.length > 0) return refused(422, problems.join(' '))
      if (book.length >= ADDRESS_BOOK_LIMIT) return refused(422, ADDRESS_BOOK_FULL_MESSAGE)
      const saved = {
        ...address,
        address2: address.address2 ?? '',
        state_id: address.state_id ?? null,
        id: book.length + 100,
        label: address.address1,
      }
      book.push(saved)
      return json(saved, 201)
    }
    if (url.pathname === '/api/v1/account/addresses') return json({ addresses: book })
    if (url.pathname === '/api/v1/countries')
      return json({ countries: COUNTRIES, count: 2, current_page: 1, pages: 1, per_page: 999 })
    if (url.pathname === '/api/v1/states') {
      const id = url.searchParams.get('country_id') ?? ''
      if (!ID.test(id)) return refused(400, 'querystring/country_id must be an id')
      if (!COUNTRIES.some((country) => country.id === Number(id)))
        return refused(404, `Country ${id} not found.`)
      return json({ states: [], states_required: false })
    }
    if (removal && init?.method === 'DELETE') {
      if (!ID.test(removal[1]!)) return refused(400, 'params/id must be an id')
      const index = book.findIndex((address) => address.id === Number(removal[1]))
      if (index < 0) return refused(404, 'That address is not in your address book.')
      book.splice(index, 1)
      return new Response(null, { status: 204 })
    }
    return refused(404, 'not here')
  }
}

/** The load context of a logged-in customer, the API being `backEnd(book)`. */
function loggedIn(book: SavedAddressJson[]) {
  const visitor = { authToken: 'token-ana', user: async () => ({ id: 1, first_name: 'Ana', name: 'Ana' }) }
  return Object.assign(testLoadContext(backEnd(book) as typeof fetch), { get: () => visitor })
}

function load(path: string, book = [ADDRESS]) {
  const url = new URL(path, 'http://shop.test')
  return loader({
    request: new Request(url),
    url,
    context: loggedIn(book),
    params: {},
    pattern: '/profile/addresses',
  } as Parameters<typeof loader>[0])
}

/** The page's action for a post of `fields`, the address book holding `book`. */
function post(fields: Record<string, string>, book: SavedAddressJson[]) {
  const url = new URL('http://shop.test/profile/addresses')
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields) })
  return action({
    request,
    url,
    context: loggedIn(book),
    params: {},
    pattern: '/profile/addresses',
  } as Parameters<typeof action>[0])
}

const remove = (id: string, book: SavedAddressJson[]) => post({ intent: 'remove', id }, book)
const save = post

/** The address form as a post sends it: Ana's address in Spain, with `changes`. */
const posted = (changes: Record<string, string> = {}) => ({
  firstname: 'Ana',
  lastname: 'García',
  address1: 'Calle Mayor 1',
  address2: '',
  zipcode: '28013',
  city: 'Madrid',
  country_id: '1',
  phone: '+34 600 000 000',
  ...changes,
})

/** The page as it is drawn with the action's answer (before its JavaScript runs). */
async function drawn(answer: unknown, book = [ADDRESS]) {
  const Page = createRoutesStub([
    { id: 'addresses', path: '/profile/addresses', Component: ProfileAddresses as () => ReactNode },
  ])
  const hydrationData = {
    loaderData: { addresses: await load('/profile/addresses', book) },
    actionData: { addresses: answer },
  }
  return renderToString(<Page initialEntries={['/profile/addresses']} hydrationData={hydrationData} />)
}

/** The control named `name` in the page's HTML, and the text of the message it points to. */
function control(html: string, name: string) {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''
  const describedBy = /aria-describedby="([^"]+)"/.exec(tag)?.[1]
  const message = describedBy ? new RegExp(`id="${describedBy}"[^>]*>([^<]*)<`).exec(html)?.[1] : undefined
  return { invalid: tag.includes('aria-invalid="true"'), message }
}

describe('/profile/addresses', () => {
  it('shows a phone and a postcode that do not fit the country at their fields, not over the form', async () => {
    const book: SavedAddressJson[] = []
    const answer = await save(posted({ phone: 'call me maybe', zipcode: 'ZZZZZZZZZZ' }), book)
    const { data: reply, init } = answer as {
      data: { result: { error: Record<string, string[]> } }
      init: { status: number }
    }
    expect(init.status).toBe(400)
    expect(reply.result.error).toEqual({
      phone: [PHONE_FORMAT_MESSAGE],
      zipcode: ['Enter a valid postcode for Spain.'],
    })
    expect(book).toEqual([])

    const html = await drawn(reply)
    expect(control(html, 'phone')).toEqual({ invalid: true, message: PHONE_FORMAT_MESSAGE })
    expect(control(html, 'zipcode')).toEqual({ invalid: true, message: 'Enter a valid postcode for Spain.' })
    expect(html).not.toContain('form-status--error')
  })

  it("says every field's problem in one answer: an empty city holds back neither the phone's nor the postcode's", async () => {
    const book: SavedAddressJson[] = []
    const answer = (await save(
      posted({ city: '', phone: 'call me maybe', zipcode: 'ZZZZZZZZZZ' }),
      book,
    )) as {
      data: { result: { error: Record<string, string[]> } }
      init: { status: number }
    }
    expect(answer.init.status).toBe(400)
    expect(answer.data.result.error).toEqual({
      city: ['Enter the city.'],
      phone: [PHONE_FORMAT_MESSAGE],
      zipcode: ['Enter a valid postcode for Spain.'],
    })
    expect(book).toEqual([])
  })

  it('says a full address book is full instead of offering its form, and the API’s refusal over the form', async () => {
    const full = Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => ({ ...ADDRESS, id: i + 1 }))
    const page = await drawn(undefined, full)
    expect(page).toContain(ADDRESS_BOOK_FULL_MESSAGE)
    expect(page).not.toContain('Save address')
    // Filled in another tab while this one still showed the form.
    const answer = (await save(posted(), full)) as {
      data: { result: { error: Record<string, string[]> } }
      init: { status: number }
    }
    expect(answer.init.status).toBe(422)
    expect(answer.data.result.error).toEqual({ '': [ADDRESS_BOOK_FULL_MESSAGE] })
    expect(full).toHaveLength(ADDRESS_BOOK_LIMIT)
    expect(await drawn(answer.data, [ADDRESS])).toContain(ADDRESS_BOOK_FULL_MESSAGE)
  })

  it("says at the country a posted country_id that is no id, asking the API for no country's states", async () => {
    const book: SavedAddressJson[] = []
    for (const countryId of ['', 'abc', '-1', '1.5', '0']) {
      const answer = (await save(posted({ country_id: countryId }), book)) as {
        data: { result: { error: Record<string, string[]> }; countryStates: unknown }
        init: { status: number }
      }
      expect(answer.init.status).toBe(400)
      expect(answer.data.result.error).toEqual({ country_id: ['Choose a country.'] })
      expect(answer.data.countryStates).toBeUndefined()
    }
    expect(book).toEqual([])
  })

  it('saves an address whose phone and postcode fit its country', async () => {
    const book: SavedAddressJson[] = []
    const answer = (await save(posted({ phone: '612 345 678' }), book)) as { saved: string }
    expect(answer.saved).toBe('The address has been saved.')
    expect(book).toMatchObject([{ phone: '612 345 678', zipcode: '28013' }])
  })

  it('removes an address, and a second Remove of it says it is gone instead of failing', async () => {
    const book = [{ ...ADDRESS }]
    expect(await remove('7', book)).toEqual({ result: undefined, saved: 'The address has been removed.' })
    expect(book).toEqual([])
    expect(await remove('7', book)).toEqual({
      result: undefined,
      saved: 'That address had already been removed.',
    })
  })

  it('answers an id that can be no address (1.5, -1, past the ids) like one already removed', async () => {
    const book = [{ ...ADDRESS }]
    for (const id of ['1.5', '-1', '99999999999']) {
      expect(await remove(id, book)).toEqual({
        result: undefined,
        saved: 'That address had already been removed.',
      })
    }
    expect(book).toHaveLength(1)
  })

  it('ignores a country_id that names no country and shows the usual one', async () => {
    for (const countryId of ['99999', '-1', '1.5', 'spain']) {
      const page = await load(`/profile/addresses?country_id=${countryId}`)
      expect(page.countryId).toBe(1)
      expect(page.states).toEqual([])
    }
    expect((await load('/profile/addresses?country_id=2')).countryId).toBe(2)
  })
})
