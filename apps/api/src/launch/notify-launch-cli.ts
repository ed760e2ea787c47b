/**
 * `npm run notify-launch`: sends the launch e-mail to everyone who signed up on /comingsoon and
 * has not had it yet, with a progress bar. Safe to run again and on several machines at once:
 * nobody is mailed twice. Before LAUNCH_AT it refuses unless given --force.
 */
import cliProgress from 'cli-progress'
import { runCli } from '../cli/run-cli.ts'
import { launchAtOf } from '../config.ts'
import { notifyLaunch } from './signups.ts'

runCli(async (shop) => {
  const launchAt = launchAtOf(shop.config)
  if (Date.now() < launchAt && !process.argv.includes('--force')) {
    console.error(
      `The shop opens at ${new Date(launchAt).toISOString()}; the launch e-mail says it is open. Run with --force to send it anyway.`,
    )
    process.exitCode = 1
    return
  }
  const bar = new cliProgress.SingleBar(
    { format: 'Launch e-mail [{bar}] {value}/{total} {email}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  try {
    const result = await notifyLaunch(shop, {
      start: (total) => bar.start(total, 0, { email: '' }),
      done: (email) => bar.increment({ email }),
    })
    bar.stop()
    console.log(
      result.sent + result.failed === 0
        ? 'Nobody is waiting for the launch e-mail.'
        : `Launch e-mail sent to ${result.sent} address(es)${result.failed ? `; ${result.failed} failed and will be retried on the next run` : ''}.`,
    )
    if (result.failed) process.exitCode = 1
  } finally {
    bar.stop()
  }
})
