/** Stored images and audio: one row per original file under DATA_DIR/media. */
import type { Generated } from 'kysely'

export interface MediaTable {
  id: Generated<number>
  /** Path of the original, relative to DATA_DIR/media. */
  file: string
  mime: string
  width: number | null
  height: number | null
  alt: string
  created_at: number
}

export interface MediaTables {
  media: MediaTable
}
