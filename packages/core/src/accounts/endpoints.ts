/**
 * The accounts domain's endpoints (spec 7): opening and closing sessions (password and Facebook
 * login, registration, logout, password reset), the logged-in user's own data and their address
 * book. The calls marked `bearer` need the user's token; another user's customer id answers 403.
 */
import { z } from 'zod'
import { defineEndpoint, errorBodySchema, rateLimitedErrors } from '../endpoint.ts'
import { idParam } from '../input.ts'
import { addressBookJsonSchema, savedAddressInputSchema, savedAddressJsonSchema } from './address-book.ts'
import {
  currentUserSchema,
  customerSchema,
  customerUpdateSchema,
  facebookLoginSchema,
  loginRequestSchema,
  messageSchema,
  tokenResponseSchema,
  userDetailsSchema,
  userMenuSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from './shapes.ts'
import {
  passwordChangeSchema,
  registerRequestSchema,
  resetKeySchema,
  resetRequestSchema,
  setPasswordSchema,
} from './validation.ts'

const TAGS = ['accounts'] as const

/**
 * The birthday's year choices are the last 100 years from the year this process started in; the
 * API checks a registration and a customer update against the current year's schema, by its
 * clock (apps/api/src/accounts/birthday-body.ts).
 */
const START_YEAR = new Date().getUTCFullYear()

const customerParams = z.object({ id: idParam() })

const ADDRESSES = '/api/v1/account/addresses'
const addressErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
}
const addressParams = z.object({ id: idParam() })

function customerUpdate<M extends 'POST' | 'PUT'>(method: M) {
  return defineEndpoint({
    method,
    path: '/wp-json/wc/v3/customers/:id',
    tags: TAGS,
    summary: 'Update names and user metadata (gender, birthday, phone; "" clears one) of the logged-in user',
    bearer: true,
    params: customerParams,
    body: customerUpdateSchema(START_YEAR),
    responses: { 200: customerSchema },
  })
}

export const accountEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/wp-json/jwt-auth/v1/token',
    tags: TAGS,
    summary: 'Log in with e-mail (as username) and password; answers the Bearer token',
    body: loginRequestSchema,
    responses: { 200: tokenResponseSchema, ...rateLimitedErrors },
  }),
  facebookLogin: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/facebook/get_user',
    tags: TAGS,
    summary: 'Log in with a Facebook access token, verified with the Graph API; creates or links the account',
    body: facebookLoginSchema,
    responses: { 200: tokenResponseSchema, ...rateLimitedErrors },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/register',
    tags: TAGS,
    summary: 'Create an account (the registration rules of spec 5); a taken e-mail answers 400',
    body: registerRequestSchema(START_YEAR),
    responses: { 201: currentUserSchema, ...rateLimitedErrors },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/logout',
    tags: TAGS,
    summary: "Log out: the request's token is revoked and answers 401 from then on",
    bearer: true,
    responses: { 200: messageSchema },
  }),
  requestReset: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/auth/reset',
    tags: TAGS,
    summary: 'Ask for a link to set a new password; the answer never says whether the e-mail is registered',
    body: resetRequestSchema,
    responses: { 200: messageSchema, ...rateLimitedErrors },
  }),
  checkResetKey: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/auth/reset/check',
    tags: TAGS,
    summary:
      'Whether the key of a reset link can still set a password (400 when it is unknown, used or expired); uses nothing up. Unknown keys are limited per client',
    body: resetKeySchema,
    responses: { 200: messageSchema, ...rateLimitedErrors },
  }),
  setPassword: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/auth/reset/setpassword',
    tags: TAGS,
    summary:
      "Set a new password with the key from the reset link; ends all of the account's sessions. Unknown keys are limited per client, together with the checks",
    body: setPasswordSchema,
    responses: { 200: messageSchema, ...rateLimitedErrors },
  }),
  me: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/users/me',
    tags: TAGS,
    summary: 'The logged-in user: id, first_name, name, scope, metadata and preferences',
    bearer: true,
    responses: { 200: currentUserSchema },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/user/settings',
    tags: TAGS,
    summary: "The user's preferences",
    bearer: true,
    responses: { 200: userSettingsSchema },
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/user/settings',
    tags: TAGS,
    summary: "Save some or all of the user's preferences; answers all of them",
    bearer: true,
    body: userSettingsUpdateSchema,
    responses: { 200: userSettingsSchema },
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/user/details',
    tags: TAGS,
    summary: "The user's details for the profile",
    bearer: true,
    responses: { 200: userDetailsSchema },
  }),
  menu: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/user/menu',
    tags: TAGS,
    summary: 'The user navigation shown in the greeting menu and the profile',
    bearer: true,
    responses: { 200: userMenuSchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/user/password',
    tags: TAGS,
    summary: 'Change the password (the current one is required); ends the sessions on other devices',
    bearer: true,
    body: passwordChangeSchema,
    responses: { 200: messageSchema, ...rateLimitedErrors },
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/customers/:id',
    tags: TAGS,
    summary: 'The customer record of the logged-in user (403 for any other id)',
    bearer: true,
    params: customerParams,
    responses: { 200: customerSchema },
  }),
  updateCustomer: customerUpdate('POST'),
  /** The same update under WooCommerce's own method. */
  replaceCustomer: customerUpdate('PUT'),
  addressBook: defineEndpoint({
    method: 'GET',
    path: ADDRESSES,
    tags: TAGS,
    summary: 'The logged-in customer’s address book, the latest used first',
    bearer: true,
    responses: { 200: addressBookJsonSchema, ...addressErrors },
  }),
  addAddress: defineEndpoint({
    method: 'POST',
    path: ADDRESSES,
    tags: TAGS,
    summary: 'Add an address to the address book (422 when the phone or postcode does not fit the country)',
    bearer: true,
    body: savedAddressInputSchema,
    responses: { 201: savedAddressJsonSchema, ...addressErrors },
  }),
  changeAddress: defineEndpoint({
    method: 'PUT',
    path: `${ADDRESSES}/:id`,
    tags: TAGS,
    summary: 'Change an address of the address book',
    bearer: true,
    params: addressParams,
    body: savedAddressInputSchema,
    responses: { 200: savedAddressJsonSchema, ...addressErrors },
  }),
  removeAddress: defineEndpoint({
    method: 'DELETE',
    path: `${ADDRESSES}/:id`,
    tags: TAGS,
    summary: 'Remove an address from the address book',
    bearer: true,
    params: addressParams,
    responses: { 204: z.null(), ...addressErrors },
  }),
}
