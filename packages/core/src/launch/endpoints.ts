/**
 * The launch domain's endpoints: checking an access code (spec 7, "Access Code (code)" search
 * text) for a signed access grant, and the coming-soon page's notification signup.
 */
import { z } from 'zod'
import { defineEndpoint, errorBodySchema } from '../endpoint.ts'
import { accessGrantResponseSchema, checkAccessCodeBodySchema } from './access-code.ts'
import { launchSignupBodySchema } from './signup.ts'

const signupAnswerSchema = z.object({ data: z.object({ email: z.string(), created: z.boolean() }) })

export const launchEndpoints = {
  checkAccessCode: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/user/check-access-code',
    tags: ['launch'],
    summary:
      'Checks an access code ("Access Code (XXXXX)") and answers a grant that lets its holder shop before the launch',
    body: checkAccessCodeBodySchema,
    responses: {
      200: accessGrantResponseSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/launch/subscribe',
    tags: ['launch'],
    summary: 'Signs an e-mail address up for the launch e-mail (kept once per address)',
    body: launchSignupBodySchema,
    responses: { 200: signupAnswerSchema, 201: signupAnswerSchema, 400: errorBodySchema },
  }),
}
