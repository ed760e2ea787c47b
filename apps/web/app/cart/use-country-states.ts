/**
 * The country an address form has chosen and that country's states (the checkout's address step and
 * the profile's address book): the states the server sent for the country the form was drawn with
 * (the loader's, or a refused form's own country's), and those of another country fetched from
 * /checkout/states once the shopper picks it.
 */
import type { StateJson } from '@fanshop/core'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'

export function useCountryStates(loaded: { countryId: number; states: StateJson[] }) {
  const loadedId = String(loaded.countryId)
  const [countryId, setCountryId] = useState(loadedId)
  const fetcher = useFetcher<{ states: StateJson[] }>()
  const states = countryId === loadedId ? loaded.states : (fetcher.data?.states ?? [])
  const load = fetcher.load
  useEffect(() => {
    if (countryId !== loadedId) void load(`/checkout/states?country_id=${countryId}`)
  }, [countryId, loadedId, load])
  return { countryId, setCountryId, states }
}
