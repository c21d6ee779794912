/**
 * The owner's inbox as its tests reach it (__tests__/server/inbox.test.ts, inbox-export.test.ts):
 * two requests of the outbox (an estimate with two photos, a chat contact), the studio's server
 * on them, and the inbox's addresses, read, and posted as its own pages post, with the owner's
 * session.
 */
import { writeFileSync } from "node:fs"
import path from "node:path"
import { Outbox } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import { JPEG, JPEG_2, tempDir } from "./estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "./studio-server"

export const ESTIMATE: Lead = {
  id: "20261123-2115-K7Q2MX",
  kind: "estimate",
  created_at: "2026-11-23T21:15:00.000Z",
  email: "claire@exemple.fr",
  description: "Polo <b>Lacoste</b>, taille M",
  item: { brand: "Lacoste", category: "Polo", condition: "Très bon état" },
  photos: [
    { file: "photo-1.jpg", name: "face.jpg", type: "image/jpeg", size: JPEG.length },
    { file: "photo-2.jpg", name: "dos.jpg", type: "image/jpeg", size: JPEG_2.length },
  ],
}
export const CHAT: Lead = {
  id: "20261124-0900-ABCDEF",
  kind: "chat",
  created_at: "2026-11-24T09:00:00.000Z",
  email: "paul@exemple.fr",
  name: "Paul",
  photos: [],
  conversation: [
    { from: "bot", text: "Bonjour, je suis maxAi.", at: "2026-11-24T08:59:00.000Z" },
    { from: "user", text: "Vous rachetez les pulls\u202f?", at: "2026-11-24T09:00:00.000Z" },
  ],
}

/** `lead` stored in `outbox` with its photos, as the estimate form stores one. */
export async function storeLead(outbox: Outbox, lead: Lead, photos: Buffer[] = []): Promise<string> {
  const staging = await outbox.staging()
  photos.forEach((bytes, index) => writeFileSync(path.join(staging, `photo-${index + 1}.jpg`), bytes))
  await outbox.commit(staging, lead)
  return outbox.leadDir(lead.id)
}

/** The inbox of `studio()` for the owner whose session cookie is `cookie()` (read at each call: set in the test's beforeAll). */
export function inboxRequests(studio: () => StudioServer, cookie: () => string) {
  const inbox = (address = "") => `${studio().base}/admin/demandes/${address}`
  const asOwner = (headers: Record<string, string> = {}) => ({ headers: { Cookie: cookie(), ...headers } })
  /** A form posted as the inbox's own page would: same origin, the owner's cookie (a header given `undefined` is left out). */
  const post = (address: string, fields: Record<string, string>, headers: Record<string, string | undefined> = {}) => {
    const sent = { Cookie: cookie(), Origin: studio().base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", ...headers }
    return fetch(inbox(address), {
      method: "POST",
      redirect: "manual",
      headers: Object.fromEntries(Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== undefined)),
      body: new URLSearchParams(fields).toString(),
    })
  }
  return { inbox, asOwner, post }
}

/**
 * The test file's inbox: a fresh outbox in LEADS_DIR (set for this process: the served inbox reads
 * the outbox of its leads service) holding ESTIMATE and CHAT, the studio's server on it and the
 * owner signed in, from beforeAll to afterAll; `studio()` and the requests read them when called.
 */
export function useInbox() {
  const leadsDir = tempDir()
  process.env.LEADS_DIR = leadsDir
  const outbox = new Outbox(leadsDir)
  let studio: StudioServer
  let cookie = ""
  beforeAll(async () => {
    await storeLead(outbox, ESTIMATE, [JPEG, JPEG_2])
    await storeLead(outbox, CHAT)
    studio = await startStudioServer()
    cookie = await loginCookie(studio.base)
  })
  afterAll(() => studio.stop())
  return {
    leadsDir,
    outbox,
    studio: () => studio,
    ...inboxRequests(
      () => studio,
      () => cookie,
    ),
  }
}
