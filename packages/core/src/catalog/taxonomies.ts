/**
 * The shop filter's language, shared by the storefront (which builds it from the filter form)
 * and the API (which reads it in products/list?taxonomies=...): a JSON list of
 * `{ taxonomy, terms }`, where taxonomy is "pa_<attribute slug>" or "gender" and terms are term
 * slugs. A product matches when, for every taxonomy listed, it carries at least one of its terms.
 */
import { z } from 'zod'

export const GENDER_TAXONOMY = 'gender'
const ATTRIBUTE_PREFIX = 'pa_'
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The taxonomy name of a global attribute: "size" → "pa_size". */
export const attributeTaxonomy = (attributeSlug: string) => `${ATTRIBUTE_PREFIX}${attributeSlug}`

/** An attribute's taxonomy as a request names it: "pa_" and a slug's letters, digits and hyphens. */
const ATTRIBUTE_TAXONOMY = `${ATTRIBUTE_PREFIX}[a-z0-9-]+`

/**
 * WooCommerce's `attribute` of the products list: an attribute's taxonomy ("pa_size"); whether
 * the attribute exists is the API's to check.
 */
export const attributeTaxonomyParam = z
  .string()
  .regex(new RegExp(`^${ATTRIBUTE_TAXONOMY}$`), 'must be an attribute taxonomy, e.g. pa_size')

/** The attribute slug of an attribute taxonomy ("pa_size" → "size"), or null for any other name. */
export function attributeSlugOf(taxonomy: string): string | null {
  return taxonomy.startsWith(ATTRIBUTE_PREFIX) ? taxonomy.slice(ATTRIBUTE_PREFIX.length) : null
}

const taxonomyFilterSchema = z
  .array(
    z.strictObject({
      taxonomy: z
        .string()
        .regex(
          new RegExp(`^(${GENDER_TAXONOMY}|${ATTRIBUTE_TAXONOMY})$`),
          'taxonomy must be "gender" or "pa_<attribute>"',
        ),
      terms: z
        .array(z.string().regex(SLUG, 'terms must be term slugs like "xl" or "dark-navy"'))
        .min(1, 'terms must list at least one term slug')
        .max(50, 'terms must list at most 50 term slugs'),
    }),
  )
  .max(20, 'must list at most 20 taxonomies')
export type TaxonomyFilter = z.infer<typeof taxonomyFilterSchema>

const TAXONOMIES_EXAMPLE =
  '[{"taxonomy":"pa_size","terms":["m","l"]},{"taxonomy":"gender","terms":["women"]}]'

type ParsedTaxonomies = { ok: true; filter: TaxonomyFilter } | { ok: false; message: string }

/** Reads the `taxonomies` query parameter; a malformed one gets a message that shows the format. */
export function parseTaxonomyFilter(text: string): ParsedTaxonomies {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, message: `taxonomies is not valid JSON; expected a list like ${TAXONOMIES_EXAMPLE}` }
  }
  const parsed = taxonomyFilterSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
    return {
      ok: false,
      message: `taxonomies${where}: ${issue.message}; expected a list like ${TAXONOMIES_EXAMPLE}`,
    }
  }
  return { ok: true, filter: mergeTaxonomies(parsed.data) }
}

/** One entry per taxonomy, terms unique, in first-seen order. */
function mergeTaxonomies(filter: TaxonomyFilter): TaxonomyFilter {
  const byTaxonomy = new Map<string, Set<string>>()
  for (const { taxonomy, terms } of filter) {
    const set = byTaxonomy.get(taxonomy) ?? new Set<string>()
    for (const term of terms) set.add(term)
    byTaxonomy.set(taxonomy, set)
  }
  return [...byTaxonomy].map(([taxonomy, terms]) => ({ taxonomy, terms: [...terms] }))
}

/**
 * The filter chosen in the shop's filter form (a GET form: one checkbox per term, named after
 * its taxonomy, e.g. `?pa_size=m&pa_size=l&gender=women`). Only the known taxonomies count.
 */
export function taxonomyFilterFromSearchParams(
  params: URLSearchParams,
  knownTaxonomies: readonly string[],
): TaxonomyFilter {
  const filter: TaxonomyFilter = []
  for (const taxonomy of knownTaxonomies) {
    const terms = params.getAll(taxonomy).filter((term) => SLUG.test(term))
    if (terms.length > 0) filter.push({ taxonomy, terms })
  }
  return mergeTaxonomies(filter)
}

/** The inverse of taxonomyFilterFromSearchParams: adds the filter's checkboxes to a query. */
export function appendTaxonomyFilter(params: URLSearchParams, filter: TaxonomyFilter): URLSearchParams {
  for (const { taxonomy, terms } of filter) for (const term of terms) params.append(taxonomy, term)
  return params
}
