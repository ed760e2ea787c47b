// A Vitest reporter that writes, as they happen, which test files start and end, one line each
// ("start <project> <file>", "end <project> <file>"), to the file named by VITEST_PROGRESS_FILE. scripts/test.mjs
// reads it to tell a run that has stopped moving (a worker that never finishes its file) from a
// slow one, and to name the files that were running when it did.
import fs from 'node:fs'

export default class VitestProgress {
  constructor() {
    this.file = process.env.VITEST_PROGRESS_FILE
  }

  write(event, testModule) {
    if (this.file)
      fs.appendFileSync(this.file, `${event} ${testModule.project.name} ${testModule.moduleId}\n`)
  }

  onTestModuleStart(testModule) {
    this.write('start', testModule)
  }

  onTestModuleEnd(testModule) {
    this.write('end', testModule)
  }
}
