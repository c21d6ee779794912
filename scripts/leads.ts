/**
 * `npm run leads`: the requests in the outbox (LEADS_DIR, default data/leads/), newest last.
 *
 *   npm run leads                      table: number, type, email, photos, delivery, the owner's status (the inbox)
 *   npm run leads -- --pending         only those not delivered yet (waiting or failed)
 *   npm run leads -- --csv leads.csv   the inbox's CSV export (photos by file name); "-" writes to stdout
 */
import { writeFileSync } from "node:fs"
import { readLeadsSettings, readRegisterSettings } from "../src/server/settings"
import { Buybacks } from "../src/server/buyback/store"
import { ownerDesk } from "../src/server/buyback/desk"
import { clock } from "../src/server/clock"
import { Register } from "../src/server/register/register"
import { buybackSummaries, leadsCsv } from "../src/server/inbox/export"
import { HANDLING_WORDS } from "../src/server/leads/handling"
import { Outbox } from "../src/server/leads/outbox"
import type { DeliveryState } from "../src/server/leads/types"

/** The status column: sent, failed for good (with the reason), or waiting (with the last error). */
function statusLine(state: DeliveryState): string {
  if (state.status === "sent") return `envoyée ${state.sent_at}`
  if (state.status === "failed") return `ÉCHEC (refusée, plus d'envoi) ${state.failed_at} : ${state.last_error}`
  return `en attente${state.attempts > 0 ? ` (${state.attempts} essai(s) : ${state.last_error})` : ""}`
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const { dir, smtp, webhook } = readLeadsSettings().settings
  let leads = await new Outbox(dir).list()
  if (args.includes("--pending")) leads = leads.filter(({ state }) => state.status !== "sent")
  const csvAt = args.indexOf("--csv")
  if (csvAt >= 0) {
    const records = new Buybacks(new Outbox(dir), new Register(readRegisterSettings().settings.dir))
    const target = args[csvAt + 1] ?? "-"
    const csv = leadsCsv(leads, {
      channelsConfigured: Boolean(smtp || webhook),
      summaries: await buybackSummaries(ownerDesk(() => records).summary, leads, clock.now()),
    })
    if (target === "-") process.stdout.write(csv)
    else {
      writeFileSync(target, csv)
      console.log(`${leads.length} demande(s) exportée(s) dans ${target}`)
    }
    return
  }
  console.log(`Demandes dans ${dir} : ${leads.length}`)
  for (const { lead, state, handling } of leads) {
    const kind = lead.kind === "estimate" ? "estimation" : "chat      "
    console.log(`${lead.id}  ${kind}  ${lead.email}  ${lead.photos.length} photo(s)  ${statusLine(state)}  suivi : ${HANDLING_WORDS[handling.status]}`)
  }
}

main().catch((error: unknown) => {
  console.error("leads :", error)
  process.exit(1)
})
