/**
 * A server process of its own for the crash tests (__tests__/server/leads-crash.test.ts), run
 * with tsx: the estimate route through the real body reading, outbox and courier, its leads
 * settings from the environment exactly as the production server reads them (LEADS_DIR,
 * SMTP_URL…). Prints one JSON line once it listens: its URL and the leads service's start lines
 * (where the requests are, how many pending ones it resumed).
 */
import { readLeadsSettings } from "../../src/server/settings"
import { startEstimateServer } from "./estimate-server"

async function main(): Promise<void> {
  const { settings, problems } = readLeadsSettings()
  if (problems.length > 0) throw new Error(problems.join("\n"))
  const started: string[] = []
  const server = await startEstimateServer(settings, null, undefined, { log: (line) => started.push(line) })
  process.stdout.write(`${JSON.stringify({ url: server.url, started })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
