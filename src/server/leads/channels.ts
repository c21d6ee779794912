/**
 * The two ways a request leaves the outbox: a mail with the photos attached (nodemailer over
 * SMTP_URL) and a JSON POST to LEADS_WEBHOOK_URL. Photos are streamed from the outbox folder,
 * never read whole into memory.
 */
import { createReadStream } from "node:fs"
import path from "node:path"
import nodemailer from "nodemailer"
import type { SmtpSettings } from "../settings"
import type { Lead } from "./types"

export type Channel = { name: "email" | "webhook"; send: (lead: Lead, dir: string) => Promise<void> }

const WEBHOOK_TIMEOUT_MS = 30_000

/** CR or LF would let a value end a mail header and start another (header injection): the intake refuses them. */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value)
}

export function mailSubject(lead: Lead): string {
  return lead.kind === "estimate" ? `Demande d'estimation ${lead.id} — ${lead.email}` : `Contact chat ${lead.id} — ${lead.email}`
}

export function mailText(lead: Lead): string {
  const lines = [`Demande n° ${lead.id}`, `Reçue le ${lead.created_at}`, `Email : ${lead.email}`]
  if (lead.name) lines.push(`Nom : ${lead.name}`)
  if (lead.kind === "estimate") {
    const item = lead.item ?? {}
    if (Object.keys(item).length > 0) lines.push("", `Marque : ${item.brand ?? "—"}`, `Catégorie : ${item.category ?? "—"}`, `État : ${item.condition ?? "—"}`)
    lines.push("", "Description :", lead.description || "(aucune)", "", `Photos jointes : ${lead.photos.length}`)
  }
  if (lead.conversation?.length) {
    lines.push("", "Conversation :")
    for (const line of lead.conversation) lines.push(`[${line.at}] ${line.from === "user" ? "Visiteur" : "maxAi"} : ${line.text}`)
  }
  lines.push("", "Répondez à ce message pour écrire au visiteur.")
  return lines.join("\n")
}

/**
 * The shop's address is the sender; the visitor's only the Reply-To (a From we do not own would
 * fail SPF/DMARC, and the visitor's text never becomes a header: lead values are checked for
 * CR/LF before they reach the outbox).
 */
export function emailChannel(settings: SmtpSettings): Channel {
  const transport = nodemailer.createTransport(settings.url)
  return {
    name: "email",
    async send(lead, dir) {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        replyTo: lead.email,
        subject: mailSubject(lead),
        text: mailText(lead),
        attachments: lead.photos.map((photo) => ({ filename: photo.name, contentType: photo.type, path: path.join(dir, photo.file) })),
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
      if (!response.ok) throw new Error(`le webhook a répondu HTTP ${response.status}`)
    },
  }
}
