/**
 * The editorial content, stored the WordPress way: one table of items for every type (posts,
 * stories and their articles, lookbooks, music releases, pages, feed items, home blocks) with
 * the type-specific scalar fields as JSON, and real tables for what has relations: the feed
 * taxonomy, lookbook setups (images and catalogue products) and music tracks (audio files).
 */
import type { Generated } from 'kysely'

/** The stored type of an item (the REST path uses the plural: posts, stories, ...). */
export type StoredContentType =
  | 'post'
  | 'story'
  | 'article'
  | 'lookbook'
  | 'music'
  | 'page'
  | 'feed'
  | 'home_block'

export interface ContentItemsTable {
  id: Generated<number>
  type: StoredContentType
  /** An article's story; null for everything else. */
  parent_id: number | null
  slug: string
  status: 'publish' | 'draft'
  /** Plain text (sanitised: no markup). */
  title: string
  /** Sanitised HTML. */
  content: string
  /** Sanitised HTML. */
  excerpt: string
  featured_media: number | null
  menu_order: number
  /** Epoch milliseconds. */
  date: number
  modified: number
  /** JSON: the type's own fields (see fields.ts). */
  fields: string
}

export interface ContentTermsTable {
  id: Generated<number>
  taxonomy: 'feed_taxonomy'
  name: string
  slug: string
  description: string
  menu_order: number
}

export interface ContentItemTermsTable {
  item_id: number
  term_id: number
}

export interface LookbookSetupsTable {
  id: Generated<number>
  lookbook_id: number
  position: number
  title: string
  caption: string
  /** Which of the six lookbook layouts the setup is shot for (1-6). */
  layout: number
}

export interface LookbookSetupImagesTable {
  setup_id: number
  media_id: number
  position: number
}

export interface LookbookSetupProductsTable {
  setup_id: number
  product_id: number
  position: number
}

export interface MusicTracksTable {
  id: Generated<number>
  release_id: number
  position: number
  title: string
  duration_ms: number
  audio_media_id: number
}

export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  topic: string
  message: string
  /** 'received', or 'spam' when the honeypot was filled (kept, never e-mailed). */
  status: 'received' | 'spam'
  created_at: number
  /** When an instance (or the request that stored it) took it to mail; another may take it again after CLAIM_MS. */
  claimed_at: number | null
  /** When the e-mail to the shop went out; null if it has not (yet). */
  mailed_at: number | null
}

export interface ContentTables {
  content_items: ContentItemsTable
  content_terms: ContentTermsTable
  content_item_terms: ContentItemTermsTable
  lookbook_setups: LookbookSetupsTable
  lookbook_setup_images: LookbookSetupImagesTable
  lookbook_setup_products: LookbookSetupProductsTable
  music_tracks: MusicTracksTable
  contact_messages: ContactMessagesTable
}
