/**
 * @jest-environment node
 *
 * Retention: a request is erased, photos and all, LEADS_RETENTION_DAYS after its last status
 * change (received, sent, refused for good, a status set in the owner's inbox), at the server's start and daily; the log names the
 * request number only. Real files in a temporary outbox, dates written into them by the test.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { saveHandling } from "../../src/server/inbox/handling-form"
import { Outbox } from "../../src/server/leads/outbox"
import { eraseExpired, lastStatusChange } from "../../src/server/leads/retention"
import { createLeadsService, pendingNote } from "../../src/server/leads/service"
import { readLeadsSettings } from "../../src/server/settings"
import type { DeliveryState, Lead } from "../../src/server/leads/types"
import { JPEG, tempDir } from "../helpers/estimate-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const DAY = 24 * 60 * 60 * 1000

/** A request with one photo, received at `created_at`, its delivery record as given. */
async function store(outbox: Outbox, id: string, created_at: string, state: Partial<DeliveryState> = {}): Promise<string> {
  const lead: Lead = {
    id,
    kind: "estimate",
    created_at,
    email: "claire@exemple.fr",
    photos: [{ file: "photo-1.jpg", name: "face.jpg", type: "image/jpeg", size: JPEG.length }],
  }
  const staging = await outbox.staging()
  writeFileSync(path.join(staging, "photo-1.jpg"), JPEG)
  await outbox.commit(staging, lead)
  await outbox.writeState(id, { status: "pending", attempts: 0, delivered: [], ...state })
  return outbox.leadDir(id)
}

function logs() {
  const lines: string[] = []
  return { lines, log: (line: string) => lines.push(line) }
}

describe("retention of the requests", () => {
  const NOW = new Date("2026-11-25T12:00:00.000Z")

  it("counts from the last status change: received, then sent or refused for good", async () => {
    const outbox = new Outbox(tempDir())
    await store(outbox, "20230101-1000-AAAAAA", "2023-01-01T10:00:00.000Z", { status: "sent", sent_at: "2024-02-01T08:00:00.000Z", attempts: 40 })
    await store(outbox, "20230102-1000-BBBBBB", "2023-01-02T10:00:00.000Z", { status: "failed", failed_at: "2023-01-03T10:00:00.000Z" })
    const [sentLate, failed] = await outbox.list()
    expect(lastStatusChange(sentLate!).toISOString()).toBe("2024-02-01T08:00:00.000Z")
    expect(lastStatusChange(failed!).toISOString()).toBe("2023-01-03T10:00:00.000Z")
  })

  it("erases, photos and all, only what is older than the period, and logs the number alone", async () => {
    const outbox = new Outbox(tempDir())
    const days = 1095
    const justOver = new Date(NOW.getTime() - days * DAY - 60_000).toISOString()
    const justUnder = new Date(NOW.getTime() - days * DAY + 60_000).toISOString()
    const expired = await store(outbox, "20231126-1159-CCCCCC", justOver, { status: "sent", sent_at: justOver })
    const young = await store(outbox, "20231126-1201-DDDDDD", justUnder, { status: "sent", sent_at: justUnder })
    // Received long ago, but delivered only last year (an outage): its period runs from the delivery.
    const deliveredLate = await store(outbox, "20220101-1000-EEEEEE", "2022-01-01T10:00:00.000Z", { status: "sent", sent_at: "2025-06-01T10:00:00.000Z" })
    const pendingOld = await store(outbox, "20200101-1000-FFFFFF", "2020-01-01T10:00:00.000Z", { status: "pending", attempts: 12 })
    const { lines, log } = logs()
    const errors = logs()

    const erased = await eraseExpired(outbox, days, NOW, log, errors.log)

    expect(erased.sort()).toEqual(["20200101-1000-FFFFFF", "20231126-1159-CCCCCC"])
    expect(existsSync(expired)).toBe(false)
    expect(existsSync(pendingOld)).toBe(false)
    expect(existsSync(young) && existsSync(deliveredLate)).toBe(true)
    expect((await outbox.ids()).sort()).toEqual(["20220101-1000-EEEEEE", "20231126-1201-DDDDDD"])
    // Nothing of theirs is left anywhere in the outbox, not even in its staging folder.
    expect(readdirSync(path.join(outbox.dir, ".incoming"))).toEqual([])
    expect(lines.sort()).toEqual([
      "leads : demande 20200101-1000-FFFFFF effacée (dernier changement il y a plus de 1095 jours, LEADS_RETENTION_DAYS)",
      "leads : demande 20231126-1159-CCCCCC effacée (dernier changement il y a plus de 1095 jours, LEADS_RETENTION_DAYS)",
    ])
    expect(lines.join("\n")).not.toContain("claire@exemple.fr")
    expect(errors.lines).toEqual([])
  })

  it("counts a status the owner set in the inbox, not a note alone", async () => {
    const outbox = new Outbox(tempDir())
    const received = "2022-01-01T10:00:00.000Z"
    const accepted = await store(outbox, "20220101-1000-KKKKKK", received, { status: "sent", sent_at: received })
    const noted = await store(outbox, "20220101-1000-LLLLLL", received, { status: "sent", sent_at: received })
    // Through the inbox's own save, on a day the test chooses: over a year ago, within the period.
    const lastSummer = new Date("2025-06-01T09:00:00.000Z")
    expect(await saveHandling(outbox, "20220101-1000-KKKKKK", { statut: "accepted", note: "", version: "" }, lastSummer)).toMatchObject({ ok: true })
    expect(await saveHandling(outbox, "20220101-1000-LLLLLL", { statut: "new", note: "vu, rien à faire", version: "" }, lastSummer)).toMatchObject({ ok: true })
    const [kept] = await outbox.list()
    expect(lastStatusChange(kept!).toISOString()).toBe("2025-06-01T09:00:00.000Z")

    const erased = await eraseExpired(
      outbox,
      1095,
      NOW,
      () => undefined,
      () => undefined,
    )

    expect(erased).toEqual(["20220101-1000-LLLLLL"])
    expect(existsSync(accepted)).toBe(true)
    expect(existsSync(noted)).toBe(false)
  })

  it("leaves alone a request it cannot date", async () => {
    const outbox = new Outbox(tempDir())
    const dir = await store(outbox, "20200101-1000-GGGGGG", "pas une date")
    expect(
      await eraseExpired(
        outbox,
        1,
        NOW,
        () => undefined,
        () => undefined,
      ),
    ).toEqual([])
    expect(existsSync(dir)).toBe(true)
  })

  it("runs when the server starts, with LEADS_RETENTION_DAYS, before pending requests are replayed", async () => {
    const dir = tempDir()
    const outbox = new Outbox(dir)
    const old = await store(outbox, "20200101-1000-HHHHHH", "2020-01-01T10:00:00.000Z")
    // The service reads the clock (the test's, 26 November 2026): a request of the day before is within 30 days.
    const yesterday = "2026-11-25T10:00:00.000Z"
    const recent = await store(outbox, "20261120-1000-JJJJJJ", yesterday, { status: "sent", sent_at: yesterday })
    const { settings, problems } = readLeadsSettings({ LEADS_DIR: dir, LEADS_RETENTION_DAYS: "30" })
    expect(problems).toEqual([])
    const { lines, log } = logs()
    const errors = logs()
    const service = createLeadsService(settings, log, errors.log)
    await service.ready
    service.stopRetention()
    expect(existsSync(old)).toBe(false)
    expect(existsSync(recent)).toBe(true)
    expect(lines).toContain("leads : demande 20200101-1000-HHHHHH effacée (dernier changement il y a plus de 30 jours, LEADS_RETENTION_DAYS)")
    // The erased request was pending: it is not replayed.
    expect(lines.some((line) => line.includes("en attente d'envoi"))).toBe(false)
    expect(errors.lines).toEqual([])
  })
})

test("the start line says the requests whose delivery resumes in correct French, singular or plural", () => {
  expect([pendingNote(0), pendingNote(1), pendingNote(3)]).toEqual([
    "",
    ", 1 demande en attente d'envoi : envoi repris",
    ", 3 demandes en attente d'envoi : envoi repris",
  ])
})
