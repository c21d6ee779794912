/**
 * A server process of its own for the crash tests (__tests__/server/leads-crash.test.ts), run
 * with tsx: the estimate route through the real body reading, outbox and courier, its leads
 * settings from the environment exactly as the production server reads them (LEADS_DIR,
 * SMTP_URL…). Prints its URL as one JSON line once it listens.
 */
import { readLeadsSettings } from "../../src/server/settings"
import { startEstimateServer } from "./estimate-server"

async function main(): Promise<void> {
  const { settings, problems } = readLeadsSettings()
  if (problems.length > 0) throw new Error(problems.join("\n"))
  const server = await startEstimateServer(settings)
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
