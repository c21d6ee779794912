/**
 * The two ways a request leaves the outbox: a mail with the photos reduced for it and attached
 * (nodemailer over SMTP_URL, ./mail-photos.ts) and a JSON POST to LEADS_WEBHOOK_URL with the
 * original photos streamed from the outbox folder, never read whole into memory.
 *
 * A channel throws PermanentFailure when the other side refused this request for good (SMTP 5xx
 * on the message, webhook 4xx): resending the same bytes would be refused again, so the courier
 * stops and marks it failed. Anything else (no connection, timeout, 4xx SMTP, 5xx webhook,
 * a refused SMTP login the owner can fix) is temporary and retried.
 */
import { createReadStream } from "node:fs"
import path from "node:path"
import nodemailer from "nodemailer"
import type { BuybackGrid } from "../../contract/buyback-range"
import type { SmtpSettings } from "../settings"
import { mailPhotos } from "./mail-photos"
import { mailSubject, mailText } from "./owner-mail"
import type { Lead } from "./types"

export type Channel = { name: "email" | "webhook"; send: (lead: Lead, dir: string) => Promise<void> }

const WEBHOOK_TIMEOUT_MS = 30_000

export class PermanentFailure extends Error {}

/** Webhook answers that say "later", not "never". */
const WEBHOOK_RETRY_STATUSES = [408, 425, 429]

/** nodemailer's error: `responseCode` is the SMTP reply code, `command` the one it answered. */
type SmtpError = Error & { responseCode?: number; command?: string; response?: string }

function smtpFailure(error: unknown): unknown {
  const { responseCode, command = "", response } = (error ?? {}) as SmtpError
  if (responseCode === undefined || responseCode < 500 || responseCode > 599 || /^AUTH/i.test(command)) return error
  return new PermanentFailure(`le serveur SMTP a refusé le message : ${response ?? responseCode}`)
}

/** CR or LF would let a value end a mail header and start another (header injection): the intake refuses them. */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value)
}

/** The domain of the shop's sender address, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? "maxai.invalid"
}

/**
 * The shop's address is the sender; the visitor's only the Reply-To (a From we do not own would
 * fail SPF/DMARC, and the visitor's text never becomes a header: lead values are checked for
 * CR/LF before they reach the outbox). The Message-ID is the request's own, the same on every
 * attempt, with X-Lead-Id: should a crash fall between the server's "accepted" and our record
 * of it, the one resend is recognisable as the same mail (see Courier). `grid`: the indicative
 * grid the mail prices each garment with; `site`: the site's public address (content/site.json › seo.url, the links' one base: ../site-link.ts), for the
 * link to the request in the inbox.
 */
export function emailChannel(settings: SmtpSettings, grid: BuybackGrid | null = null, site: string | null = null): Channel {
  const transport = nodemailer.createTransport(settings.url)
  return {
    name: "email",
    async send(lead, dir) {
      const { attachments, notes } = await mailPhotos(lead, dir)
      await transport
        .sendMail({
          from: settings.from,
          to: settings.to,
          replyTo: lead.email,
          subject: mailSubject(lead),
          text: mailText(lead, notes, grid, site ? `${site}/admin/demandes/${lead.id}` : null),
          messageId: `<${lead.id}@${senderDomain(settings.from)}>`,
          headers: { "X-Lead-Id": lead.id },
          attachments,
        })
        .catch((error: unknown) => {
          throw smtpFailure(error)
        })
    },
  }
}

/** Base64 of a file, chunk by chunk (each chunk a multiple of 3 bytes so no padding lands mid-string). */
async function* base64Of(file: string): AsyncGenerator<string> {
  let rest = Buffer.alloc(0)
  for await (const chunk of createReadStream(file, { highWaterMark: 3 * 64 * 1024 })) {
    const bytes = Buffer.concat([rest, chunk as Buffer])
    const whole = bytes.length - (bytes.length % 3)
    yield bytes.subarray(0, whole).toString("base64")
    rest = bytes.subarray(whole)
  }
  if (rest.length > 0) yield rest.toString("base64")
}

/** { ...lead, photos: [{ ...photo, content_base64 }] }, produced piece by piece. */
async function* webhookBody(lead: Lead, dir: string): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  const { photos, ...rest } = lead
  yield encoder.encode(`${JSON.stringify(rest).slice(0, -1)},"photos":[`)
  for (const [index, photo] of photos.entries()) {
    yield encoder.encode(`${index > 0 ? "," : ""}${JSON.stringify(photo).slice(0, -1)},"content_base64":"`)
    for await (const piece of base64Of(path.join(dir, photo.file))) yield encoder.encode(piece)
    yield encoder.encode(`"}`)
  }
  yield encoder.encode("]}")
}

export function webhookChannel(url: string): Channel {
  return {
    name: "webhook",
    async send(lead, dir) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Lead-Id": lead.id },
        // Node's fetch (undici) takes an async iterable as a streamed body.
        body: webhookBody(lead, dir) as unknown as BodyInit,
        // Required by Node's fetch for a streamed body.
        duplex: "half",
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      } as RequestInit)
      // Read (and drop) the answer so the connection is released.
      await response.arrayBuffer().catch(() => undefined)
      if (response.status >= 400 && response.status < 500 && !WEBHOOK_RETRY_STATUSES.includes(response.status)) {
        throw new PermanentFailure(`le webhook a refusé la demande : HTTP ${response.status}`)
      }
      if (!response.ok) throw new Error(`le webhook a répondu HTTP ${response.status}`)
    },
  }
}
