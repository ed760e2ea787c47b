/**
 * What the storefront's resource routes (the addresses without a page: the checkout's states, the
 * visitor's frame, the sitemap, a login's answer to its script) answer when they refuse: the API's
 * own shape, `{ message, statusCode }`, with that status. React Router's own answer to a post to a
 * resource route without an action is a 405 that says "Unexpected Server Error"; `getOnly` says
 * what the address takes instead.
 */
import type { ErrorBodyJson } from '@fanshop/core'
import { data } from 'react-router'

/** A refusal in the API's words and status (core's `errorBodySchema`, the body every failure of the API has). */
export function refusal(statusCode: number, message: string, headers?: HeadersInit) {
  return data({ message, statusCode } satisfies ErrorBodyJson, { status: statusCode, headers })
}

/** The action of a resource route that is only read: any post to it is a 405 naming what it takes. */
export function getOnly(): never {
  throw refusal(405, 'This address only answers GET and HEAD.', { allow: 'GET, HEAD' })
}
