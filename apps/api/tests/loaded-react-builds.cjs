// Preloaded into the built server by server.test.ts (`node --require`): when the process exits it
// prints which of React's CommonJS builds it ran, production or development. Modules only looked
// into for their exports (Node does so for the CommonJS that ES modules import) are not counted.
const path = require('node:path')

process.on('exit', () => {
  const builds = Object.entries(require.cache)
    .filter(([file, module]) => module?.loaded && /[\\/]react[\\/]cjs[\\/]/.test(file))
    .map(([file]) => path.basename(file))
  process.stderr.write(`React builds loaded: ${JSON.stringify(builds.sort())}\n`)
})
