/**
 * The content API (spec 7): GET /wp-json/wp/v2/{type} lists with WordPress paging
 * (page, per_page up to 100, X-WP-Total and X-WP-TotalPages), single items by id and by slug,
 * the feed taxonomy, the feed filtered by it, and POST /wp-json/wp/v2/contact (with the job that
 * mails again each minute the messages whose e-mail to the shop failed).
 * Each type has its own routes and schemas, so each appears in /openapi.json with its shape,
 * and an unknown type is simply an unknown endpoint (404).
 */
import {
  CONTACT_SUCCESS_TEXT,
  CONTENT_LABELS,
  CONTENT_TYPES,
  type ContentItemEndpoint,
  type ContentListEndpoint,
  type ContentType,
  contentEndpoints,
  contentItemEndpoints,
  contentListEndpoints,
  type FieldSelection,
  pagingHeaders,
  totalPages,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { clientKey } from '../http/client-key.ts'
import { assertIncludeOrder, badRequest, notFound } from '../http/errors.ts'
import type { AnswerHeaders } from '../http/in-process-api.ts'
import { readRoute, route } from '../http/route.ts'
import { checkedUnlessCut, cutAnswer } from '../http/typed-answer.ts'
import {
  countContactMessage,
  mailUnsentContactMessages,
  receiveContactMessage,
  UNSENT_EVERY_MS,
} from './contact.ts'
import { type ContentOrder, findContent, type ListQuery, listContent } from './read.ts'
import { findFeedTerm, listFeedTerms } from './terms.ts'

function setPagingHeaders(reply: AnswerHeaders, total: number, perPage: number) {
  reply.headers(pagingHeaders(total, perPage))
  reply.header('cache-control', 'public, max-age=60')
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

export default async function contentPlugin(app: FastifyInstance) {
  for (const type of CONTENT_TYPES) {
    const label = CONTENT_LABELS[type]

    const list: ContentListEndpoint<ContentType> = contentListEndpoints[type]
    readRoute(
      app,
      list,
      async (request, reply) => {
        const q: { page: number; per_page: number; slug?: string[]; search?: string } & {
          include?: number[]
          exclude?: number[]
          offset?: number
          orderby?: ContentOrder
          order?: 'asc' | 'desc'
          after?: number
          before?: number
          modified_after?: number
          modified_before?: number
          feed_taxonomy?: number
          story?: number
          parent?: number[]
          parent_exclude?: number[]
          _fields?: FieldSelection
        } = request.query
        assertIncludeOrder(q, 'items')
        if (q.orderby === 'relevance' && !q.search) {
          throw badRequest('orderby=relevance ranks the matches of a search: give the words with search.')
        }
        const query: ListQuery = {
          page: q.page,
          perPage: q.per_page,
          slugs: q.slug,
          search: q.search,
          fields: q._fields,
          include: q.include,
          exclude: q.exclude,
          offset: q.offset,
          orderby: q.orderby,
          order: q.order,
          parents: q.parent,
          parentsExcluded: q.parent_exclude,
        }
        const dates = {
          after: q.after,
          before: q.before,
          modifiedAfter: q.modified_after,
          modifiedBefore: q.modified_before,
        }
        if (Object.values(dates).some((bound) => bound !== undefined)) query.dates = dates
        if (q.feed_taxonomy !== undefined) {
          if (!(await findFeedTerm(app.shop.db, q.feed_taxonomy))) {
            throw notFound(`There is no feed taxonomy term with id ${q.feed_taxonomy}.`)
          }
          query.termId = q.feed_taxonomy
        }
        if (q.story !== undefined) {
          if (!(await findContent(app.shop.db, 'stories', q.story, app.shop.now()))) {
            throw notFound(`There is no story with id ${q.story}.`)
          }
          query.storyId = q.story
        }
        const { items, total } = await listContent(app.shop.db, type, query, app.shop.now())
        if (query.slugs && total === 0) {
          throw notFound(`There is no ${label} with the slug "${query.slugs.join('", "')}".`)
        }
        assertPageExists(query.page, total, query.perPage, `${label} items`)
        setPagingHeaders(reply, total, query.perPage)
        return query.fields ? cutAnswer(items) : items
      },
      checkedUnlessCut,
    )

    const item: ContentItemEndpoint<ContentType> = contentItemEndpoints[type]
    readRoute(
      app,
      item,
      async (request, reply) => {
        const fields: FieldSelection | undefined = request.query._fields
        const item = await findContent(app.shop.db, type, request.params.id, app.shop.now(), fields)
        if (!item) throw notFound(`There is no ${label} with id ${request.params.id}.`)
        reply.header('cache-control', 'public, max-age=60')
        return fields ? cutAnswer(item) : item
      },
      checkedUnlessCut,
    )
  }

  readRoute(app, contentEndpoints.feedTerms, async (request, reply) => {
    const { page, per_page, slug: slugs } = request.query
    const { terms, total } = await listFeedTerms(app.shop.db, { page, perPage: per_page, slugs })
    if (slugs && total === 0)
      throw notFound(`There is no feed taxonomy term with the slug "${slugs.join('", "')}".`)
    assertPageExists(page, total, per_page, 'feed taxonomy terms')
    setPagingHeaders(reply, total, per_page)
    return terms
  })

  readRoute(app, contentEndpoints.feedTerm, async (request, reply) => {
    const term = await findFeedTerm(app.shop.db, request.params.id)
    if (!term) throw notFound(`There is no feed taxonomy term with id ${request.params.id}.`)
    reply.header('cache-control', 'public, max-age=60')
    return term
  })

  route(app, contentEndpoints.contact, async (request, reply) => {
    await countContactMessage(app.shop, reply, clientKey(request.ip), request.body.email)
    const { id } = await receiveContactMessage(app.shop, request.body)
    return reply.status(201).send({ id, status: 'received' as const, message: CONTACT_SUCCESS_TEXT })
  })

  const mailUnsent = () =>
    mailUnsentContactMessages(app.shop).catch((error) =>
      app.shop.log.error({ err: error }, 'contact messages job failed'),
    )
  const timer = setInterval(mailUnsent, UNSENT_EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
