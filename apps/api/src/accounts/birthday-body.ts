/**
 * Bodies with a birthday (registration, the customer update) are checked by the shop's clock at
 * the time of the request: the year choices are the 100 years up to the current one, and a
 * birthday not yet begun is refused. The endpoint tables in core build their schemas once, with
 * the year the process started in, so these routes validate the body against the current year's
 * schema instead (one compiled validator per year).
 */
import type { Clock } from '@fanshop/core'
import type { RouteShorthandOptions } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { ShopContext } from '../context.ts'

type Validator = ReturnType<typeof validatorCompiler>

/** The route's validation: its body by `schemaFor(current year, clock)`, its other parts as usual. */
export function birthdayBodyValidation(
  ctx: ShopContext,
  schemaFor: (currentYear: number, now: Clock) => z.ZodType,
): Pick<RouteShorthandOptions, 'validatorCompiler'> {
  const byYear = new Map<number, Validator>()
  const validateBody: Validator = (data) => {
    const year = new Date(ctx.now()).getUTCFullYear()
    let validate = byYear.get(year)
    if (!validate) {
      validate = validatorCompiler({
        schema: schemaFor(year, ctx.now),
        method: 'POST',
        url: '',
        httpPart: 'body',
      })
      byYear.set(year, validate)
    }
    return validate(data)
  }
  return {
    validatorCompiler: (part) =>
      part.httpPart === 'body'
        ? validateBody
        : validatorCompiler(part as unknown as Parameters<typeof validatorCompiler>[0]),
  }
}
