/**
 * `npm run import -- FILE`: the back office's catalogue CSV import from a shell, for a first load
 * or a file too large to upload. The same import as the page (csv-import.ts): every row checked
 * first, problems listed by row and column with nothing changed (exit code 1), a clean file applied
 * in one transaction with a progress bar; the audit log names the CLI.
 */
import fs from 'node:fs'
import cliProgress from 'cli-progress'
import { runCli } from '../../cli/run-cli.ts'
import { CsvRejected, importCatalogCsv } from './csv-import.ts'

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
if (!file) {
  console.error('Usage: npm run import -- FILE  (a catalogue CSV, as the back office exports it)')
  process.exit(2)
}
let text = ''
try {
  text = fs.readFileSync(file, 'utf8')
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`)
  process.exit(2)
}

runCli(async (shop) => {
  const bar = new cliProgress.SingleBar(
    { format: 'Import [{bar}] {value}/{total} rows', hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  try {
    const result = await importCatalogCsv(shop, { id: null, email: 'import (CLI)' }, text, (done, total) => {
      if (done === 1) bar.start(total, 0)
      bar.update(done)
    })
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
  }
})
