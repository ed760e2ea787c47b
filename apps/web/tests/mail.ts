/**
 * The mail the browser tests' server wrote to its outbox ($E2E_DATA_DIR/outbox: with no SMTP set, the
 * mailer writes each message there as an .eml file named for its address), waited for until it is
 * there: the back office's invitation and shipping mails, the storefront's reset link.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

const outbox = path.join(process.env.E2E_DATA_DIR ?? './data-e2e', 'outbox')

/** A mail's text with its quoted-printable undone: soft line breaks and =XX escapes. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The text of the mail to `email` that contains `wanted` (a string, or a match), once the server wrote it. */
export async function mailTo(email: string, wanted: string | RegExp): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const files = await fs.readdir(outbox).catch(() => [] as string[])
    for (const file of files.filter((name) => name.endsWith(`${email}.eml`))) {
      const text = decoded(await fs.readFile(path.join(outbox, file), 'utf8'))
      if (typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text)) return text
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail to ${email} with ${wanted} in ${outbox}`)
}
