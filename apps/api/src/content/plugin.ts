/**
 * The content API (spec 7): GET /wp-json/wp/v2/{type} lists with WordPress paging
 * (page, per_page up to 100, X-WP-Total and X-WP-TotalPages), single items by id and by slug,
 * the feed taxonomy, the feed filtered by it, and POST /wp-json/wp/v2/contact.
 * Each type has its own routes and schemas, so each appears in /openapi.json with its shape,
 * and an unknown type is simply an unknown endpoint (404).
 */
import {
  CONTACT_SUCCESS_TEXT,
  type ContentType,
  contactMessageSchema,
  contentItemSchemas,
  DEFAULT_PER_PAGE,
  feedTermSchema,
  idParam,
  MAX_ID,
  MAX_PER_PAGE,
  pageParam,
  pagingHeaders,
  text,
  totalPages,
  wholeNumber,
} from '@fanshop/core'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest, notFound } from '../http/errors.ts'
import { countContactMessage, receiveContactMessage } from './contact.ts'
import { findContent, type ListQuery, listContent, REST_TYPES } from './read.ts'
import { findFeedTerm, listFeedTerms } from './terms.ts'

const errorSchema = z.object({ message: z.string(), statusCode: z.number().int() })

const pagingQuery = {
  page: pageParam,
  per_page: wholeNumber(
    z
      .number()
      .int()
      .min(1, 'per_page must be at least 1')
      .max(MAX_PER_PAGE, `per_page can be at most ${MAX_PER_PAGE}`),
  ).default(DEFAULT_PER_PAGE),
  slug: text()
    .min(1)
    .optional()
    .describe('One slug, or several separated by commas; an answer with none of them is a 404'),
}

/** WordPress's `search` of a post type's list: every word in the title, excerpt or content. */
const searchQuery = {
  search: text()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Only items whose title, excerpt or content holds every word of this text'),
}

const idParams = z.object({ id: idParam(`id must be a positive whole number up to ${MAX_ID}`) })

/** The extra filters some lists take. */
const EXTRA_FILTERS: Partial<Record<ContentType, Record<string, z.ZodType>>> = {
  posts: { feed_taxonomy: idParam().optional().describe('A feed taxonomy term id') },
  feed: { feed_taxonomy: idParam().optional().describe('A feed taxonomy term id') },
  articles: {
    story: idParam().optional().describe('A story id: its articles in order'),
  },
}

const SUMMARIES: Record<ContentType, string> = {
  posts: 'News posts',
  stories: 'Stories, each with the summaries of its articles',
  articles: "Stories' articles",
  lookbooks: 'Lookbooks, each with its setups: images and the catalogue products worn in them',
  music: 'Music releases (albums, EPs, singles): cover, tracks with audio, video, streaming links',
  pages: 'Pages: terms and conditions, the foundation, the book, ...',
  feed: 'Feed items (photos, quotes, articles, links), filterable by feed taxonomy',
  home_blocks: "The home page's blocks: latest-update bar, side bar, filter box",
}

function setPagingHeaders(reply: FastifyReply, total: number, perPage: number) {
  reply.headers(pagingHeaders(total, perPage))
  reply.header('cache-control', 'public, max-age=60')
}

function parseSlugs(slug: string | undefined) {
  return slug
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** A page past the last one is a client error, as in WordPress. */
function assertPageExists(page: number, total: number, perPage: number, plural: string) {
  const pages = totalPages(total, perPage)
  if (page > 1 && page > pages) {
    throw badRequest(
      `Page ${page} does not exist: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of ${plural} at ${perPage} per page.`,
    )
  }
}

export default async function contentPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  for (const type of Object.keys(REST_TYPES) as ContentType[]) {
    const { label } = REST_TYPES[type]
    const itemSchema = contentItemSchemas[type]
    const extra = EXTRA_FILTERS[type] ?? {}

    app.get(
      `/wp-json/wp/v2/${type}`,
      {
        schema: {
          tags: ['content'],
          summary: SUMMARIES[type],
          querystring: z.object({ ...pagingQuery, ...searchQuery, ...extra }),
          response: { 200: z.array(itemSchema), 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const q = request.query as {
          page: number
          per_page: number
          slug?: string
          search?: string
        } & Record<string, unknown>
        const query: ListQuery = {
          page: q.page,
          perPage: q.per_page,
          slugs: parseSlugs(q.slug),
          search: q.search,
        }
        if (typeof q.feed_taxonomy === 'number') {
          if (!(await findFeedTerm(app.shop.db, q.feed_taxonomy))) {
            throw notFound(`There is no feed taxonomy term with id ${q.feed_taxonomy}.`)
          }
          query.termId = q.feed_taxonomy
        }
        if (typeof q.story === 'number') {
          if (!(await findContent(app.shop.db, 'stories', q.story))) {
            throw notFound(`There is no story with id ${q.story}.`)
          }
          query.storyId = q.story
        }
        const { items, total } = await listContent(app.shop.db, type, query)
        if (query.slugs && total === 0) {
          throw notFound(`There is no ${label} with the slug "${query.slugs.join('", "')}".`)
        }
        assertPageExists(query.page, total, query.perPage, `${label} items`)
        setPagingHeaders(reply, total, query.perPage)
        return items
      },
    )

    app.get(
      `/wp-json/wp/v2/${type}/:id`,
      {
        schema: {
          tags: ['content'],
          summary: `One ${label} by id`,
          params: idParams,
          response: { 200: itemSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const item = await findContent(app.shop.db, type, request.params.id)
        if (!item) throw notFound(`There is no ${label} with id ${request.params.id}.`)
        reply.header('cache-control', 'public, max-age=60')
        return item
      },
    )
  }

  app.get(
    '/wp-json/wp/v2/feed_taxonomy',
    {
      schema: {
        tags: ['content'],
        summary: 'The feed taxonomy: the topics feed items and posts are filed under, with their counts',
        querystring: z.object(pagingQuery),
        response: { 200: z.array(feedTermSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { page, per_page, slug } = request.query
      const slugs = parseSlugs(slug)
      const { terms, total } = await listFeedTerms(app.shop.db, { page, perPage: per_page, slugs })
      if (slugs && total === 0)
        throw notFound(`There is no feed taxonomy term with the slug "${slugs.join('", "')}".`)
      assertPageExists(page, total, per_page, 'feed taxonomy terms')
      setPagingHeaders(reply, total, per_page)
      return terms
    },
  )

  app.get(
    '/wp-json/wp/v2/feed_taxonomy/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One feed taxonomy term by id',
        params: idParams,
        response: { 200: feedTermSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const term = await findFeedTerm(app.shop.db, request.params.id)
      if (!term) throw notFound(`There is no feed taxonomy term with id ${request.params.id}.`)
      reply.header('cache-control', 'public, max-age=60')
      return term
    },
  )

  app.post(
    '/wp-json/wp/v2/contact',
    {
      schema: {
        tags: ['content'],
        summary: "Sends a message to the team: stored, then e-mailed to the shop's address",
        body: contactMessageSchema,
        response: {
          201: z.object({ id: z.number().int(), status: z.literal('received'), message: z.string() }),
          400: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await countContactMessage(app.shop, reply, request.ip, request.body.email)
      const { id } = await receiveContactMessage(app.shop, request.body)
      return reply.status(201).send({ id, status: 'received' as const, message: CONTACT_SUCCESS_TEXT })
    },
  )
}
