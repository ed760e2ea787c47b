/**
 * The mail the browser tests' server wrote to its outbox ($E2E_DATA_DIR/outbox: with no SMTP set, the
 * mailer writes each message there as an .eml file named for its address), waited for until it is
 * there: the back office's invitation and shipping mails, the storefront's reset link and contact
 * message.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

const outbox = path.join(process.env.E2E_DATA_DIR ?? './data-e2e', 'outbox')

/** An .eml file's text: folded headers unfolded, the quoted-printable body decoded as UTF-8. */
function decoded(raw: Buffer): string {
  const text = raw.toString('latin1')
  const split = text.indexOf('\n\n')
  const headers = text.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = text
    .slice(split + 2)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(`${headers}\n\n${body}`, 'latin1').toString('utf8')
}

/**
 * The text of the mail to `recipient` (any address when null) that contains `wanted` (a string, or
 * a match), once the server wrote it.
 */
export async function mailTo(recipient: string | null, wanted: string | RegExp): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const files = await fs.readdir(outbox).catch(() => [] as string[])
    for (const file of files.filter((name) => name.endsWith(`${recipient ?? ''}.eml`))) {
      const text = decoded(await fs.readFile(path.join(outbox, file)))
      if (typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text)) return text
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail to ${recipient ?? 'anyone'} with ${wanted} in ${outbox}`)
}
