/**
 * `npm run import -- FILE`: the back office's catalogue CSV import from a shell, for a first load
 * or a file too large to upload. The same import as the page (csv-import.ts): every row checked
 * first, problems listed by row and column with nothing changed (exit code 1), a clean file applied
 * in one transaction with a progress bar; the audit log names the CLI.
 */
import fs from 'node:fs'
import cliProgress from 'cli-progress'
import { ConfigError, loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { HttpError } from '../../http/errors.ts'
import { CsvRejected, importCatalogCsv } from './csv-import.ts'

async function main() {
  try {
    process.loadEnvFile()
  } catch {}
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
  if (!file) {
    console.error('Usage: npm run import -- FILE  (a catalogue CSV, as the back office exports it)')
    process.exit(2)
  }
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`)
    process.exit(2)
  }
  const config = loadConfig()
  const database = openDatabase(config.databaseUrl)
  const bar = new cliProgress.SingleBar(
    { format: 'Import [{bar}] {value}/{total} rows', hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  try {
    await migrateToLatest(database.db)
    let started = false
    const result = await importCatalogCsv(
      { db: database.db, database, now: Date.now },
      { id: null, email: 'import (CLI)' },
      text,
      (done, total) => {
        if (!started) bar.start(total, 0)
        started = true
        bar.update(done)
      },
    )
    bar.stop()
    console.log(
      `Imported ${result.rows} row(s): ${result.productsCreated} product(s) created, ${result.productsUpdated} updated; ${result.variationsCreated} variation(s) created, ${result.variationsUpdated} updated; ${result.stockChanges} stock change(s).`,
    )
  } catch (error) {
    bar.stop()
    if (!(error instanceof CsvRejected)) throw error
    console.error(error.message)
    for (const issue of error.issues) {
      console.error(`  row ${issue.row}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`)
    }
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof HttpError ? error.message : error)
  process.exit(1)
})
