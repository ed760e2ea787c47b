/**
 * What the shop reads of a PostgreSQL database's structure (the migrator's bookkeeping tables, the
 * seed's reset) is its own schema's, the first of its connection's search_path. Kysely's own
 * introspection reads every schema's tables through functions that look schemas up by name, so
 * where several shops or the tests' files share one database, a schema dropped meanwhile failed
 * a migration with 'schema "…" does not exist', and the reset saw the other shops' tables.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely'

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])

interface ColumnRow {
  table: string
  view: boolean
  schema: string
  column: string
  type: string
  type_schema: string
  not_null: boolean
  has_default: boolean
  serial: boolean
  comment: string | null
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>

  constructor(db: Kysely<unknown>) {
    this.#db = db
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.#db,
    )
    return rows
  }

  /** The tables and views of the schema, each column with what Kysely's own introspection tells. */
  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // Joined by oid only: nothing here looks a schema up by its name.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind = 'v' as view, ns.nspname as schema,
        a.attname as column, typ.typname as type, typns.nspname as type_schema,
        a.attnotnull as not_null, a.atthasdef as has_default,
        a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace typns on typns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db)
    const tables = new Map<string, TableMetadata>()
    for (const row of rows) {
      if (!options.withInternalKyselyTables && MIGRATION_TABLES.has(row.table)) continue
      let table = tables.get(row.table)
      if (!table) {
        table = { name: row.table, isView: row.view, schema: row.schema, columns: [] }
        tables.set(row.table, table)
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial,
        comment: row.comment ?? undefined,
      })
    }
    return [...tables.values()]
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) }
  }
}

/** Kysely's PostgreSQL dialect, its introspection limited to the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}
