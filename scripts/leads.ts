/**
 * `npm run leads`: the requests in the outbox (LEADS_DIR, default data/leads/), newest last.
 *
 *   npm run leads                      table: number, type, date, email, photos, status
 *   npm run leads -- --pending         only those not delivered yet
 *   npm run leads -- --csv leads.csv   CSV export (photo paths included); "-" writes to stdout
 */
import { writeFileSync } from "node:fs"
import { readLeadsSettings } from "../src/server/settings"
import { leadsCsv } from "../src/server/leads/csv"
import { Outbox } from "../src/server/leads/outbox"

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const { dir } = readLeadsSettings().settings
  let leads = await new Outbox(dir).list()
  if (args.includes("--pending")) leads = leads.filter(({ state }) => state.status === "pending")
  const csvAt = args.indexOf("--csv")
  if (csvAt >= 0) {
    const target = args[csvAt + 1] ?? "-"
    const csv = leadsCsv(leads)
    if (target === "-") process.stdout.write(csv)
    else {
      writeFileSync(target, csv)
      console.log(`${leads.length} demande(s) exportée(s) dans ${target}`)
    }
    return
  }
  console.log(`Demandes dans ${dir} : ${leads.length}`)
  for (const { lead, state } of leads) {
    const status =
      state.status === "sent" ? `envoyée ${state.sent_at}` : `en attente${state.attempts > 0 ? ` (${state.attempts} essai(s) : ${state.last_error})` : ""}`
    console.log(`${lead.id}  ${lead.kind === "estimate" ? "estimation" : "chat      "}  ${lead.email}  ${lead.photos.length} photo(s)  ${status}`)
  }
}

main().catch((error: unknown) => {
  console.error("leads :", error)
  process.exit(1)
})
