/** The logged-in customer's address book from the API, for /profile/addresses and the checkout. */
import { accountEndpoints, type SavedAddressJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { callData } from '../api.server.ts'

export async function loadAddressBook(context: AppLoadContext, token: string): Promise<SavedAddressJson[]> {
  return (await callData(context, accountEndpoints.addressBook, { token })).addresses
}
