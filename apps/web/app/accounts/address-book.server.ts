/** The logged-in customer's address book from the API, for /profile/addresses and the checkout. */
import { addressBookJsonSchema, type SavedAddressJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { apiGet } from '../api.server.ts'

export async function loadAddressBook(context: AppLoadContext, token: string): Promise<SavedAddressJson[]> {
  return addressBookJsonSchema.parse(await apiGet(context, '/api/v1/account/addresses', { token })).addresses
}
