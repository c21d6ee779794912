/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it accepts, as a mail
 * provider would: `sizeLimit` announces SIZE and answers 552 past it, `refuse` answers every
 * message with that reply, `hold` reads messages and never answers (a server mid-transfer),
 * `attempts` counts the messages offered (accepted or not).
 */
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

export type Received = { from: string; to: string[]; raw: string }

export type SmtpOptions = { port?: number; sizeLimit?: number; refuse?: { code: number; message: string }; hold?: boolean }

export type TestSmtp = { port: number; mails: Received[]; attempts: () => number; close: () => Promise<void> }

export async function startSmtp({ port = 0, sizeLimit, refuse, hold = false }: SmtpOptions = {}): Promise<TestSmtp> {
  const mails: Received[] = []
  let attempts = 0
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A test ends its server at once, whatever a killed client left open.
    closeTimeout: 500,
    ...(sizeLimit ? { size: sizeLimit } : {}),
    onData(stream, session, callback) {
      attempts += 1
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        if (hold) return
        const refusal = refuse ?? (stream.sizeExceeded ? { code: 552, message: "5.3.4 Message trop volumineux" } : null)
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        })
        callback()
      })
    },
  })
  // A client killed mid-transfer (the crash tests' kill -9) may reset its connection, as a provider
  // sees a sender die; smtp-server reports it as its own "error" event, which unheard would fail the
  // test that did the killing (seen once at load 13). Any other error of the server still does.
  smtp.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error
  })
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve))
  const { port: bound } = smtp.server.address() as AddressInfo
  return { port: bound, mails, attempts: () => attempts, close: () => new Promise((resolve) => smtp.close(() => resolve())) }
}

export const smtpSettings = (port: number) => ({ url: `smtp://127.0.0.1:${port}`, to: "equipe@maxai.example", from: "Site maxAi <site@maxai.example>" })

/** A header of a raw mail, unfolded, its RFC 2047 words (=?UTF-8?Q?…?= / ?B?) decoded. */
export function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ")
  const line = head.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  if (line === undefined) return ""
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            "latin1",
          ).toString("utf8"),
    )
}

/** A raw mail decoded for reading: quoted-printable soft breaks joined and =XX bytes read as UTF-8. */
export function mailBody(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "")
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
    "latin1",
  ).toString("utf8")
}

/** The base64 attachments of a raw multipart mail, decoded. */
export function attachmentsOf(raw: string): Buffer[] {
  return raw
    .split(/\r?\n--/)
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) =>
      Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("")
          .replace(/\s+/g, ""),
        "base64",
      ),
    )
}

export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > end) throw new Error("délai dépassé")
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
