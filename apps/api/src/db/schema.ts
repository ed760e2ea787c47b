/** The whole database as Kysely sees it: each domain owns and declares its own tables. */
import type { AccountsTables } from '../accounts/tables.ts'
import type { AdminTables } from '../admin/tables.ts'
import type { CartTables } from '../cart/tables.ts'
import type { CatalogTables } from '../catalog/tables.ts'
import type { ContentTables } from '../content/tables.ts'
import type { LaunchTables } from '../launch/tables.ts'
import type { MediaTables } from '../media/tables.ts'
import type { SiteTables } from '../site/tables.ts'

export interface Database
  extends MediaTables,
    SiteTables,
    CatalogTables,
    AccountsTables,
    CartTables,
    ContentTables,
    LaunchTables,
    AdminTables {}
