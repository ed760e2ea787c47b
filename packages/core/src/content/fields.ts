/**
 * The content lists' `_fields` (../fields.ts) and the landing page's tiles: the landing draws the
 * newest release, lookbook and story as a tile each, so it asks for a tile's fields only and the
 * API neither reads nor sends their tracks, setups and articles (issue 15).
 */
import type { z } from 'zod'
import { type FieldNames, fieldsParam, pickMask } from '../fields.ts'
import { type ContentType, contentItemSchemas } from './schemas.ts'

/** The fields an item of a content type has; none is a list whose fields can be asked one by one. */
export function contentFieldNames(type: ContentType): FieldNames {
  return { fields: new Set(Object.keys(contentItemSchemas[type].shape)), subFields: {} }
}

export const contentFieldsParam = (type: ContentType) =>
  fieldsParam(contentFieldNames(type), 'id,title,link,featured_image')

/** What a landing tile draws of an item: its title, where it leads and its picture. */
const TILE_FIELDS = ['title', 'link', 'featured_image'] as const
/** A release's tile adds its excerpt and its kind (album, EP, single). */
const RELEASE_TILE_FIELDS = [...TILE_FIELDS, 'excerpt', 'release_type'] as const

export const storyTileJsonSchema = contentItemSchemas.stories.pick(pickMask(TILE_FIELDS))
export const lookbookTileJsonSchema = contentItemSchemas.lookbooks.pick(pickMask(TILE_FIELDS))
export const releaseTileJsonSchema = contentItemSchemas.music.pick(pickMask(RELEASE_TILE_FIELDS))
export type ContentTileJson = z.infer<typeof storyTileJsonSchema>
export type ReleaseTileJson = z.infer<typeof releaseTileJsonSchema>

/** The tile fields as the `_fields` parameter spells them. */
export const TILE_FIELD_LIST = TILE_FIELDS.join(',')
export const RELEASE_TILE_FIELD_LIST = RELEASE_TILE_FIELDS.join(',')
/** The `_fields` each tiled list is asked with. */
export const TILE_FIELD_LISTS = {
  stories: TILE_FIELD_LIST,
  lookbooks: TILE_FIELD_LIST,
  music: RELEASE_TILE_FIELD_LIST,
} as const
