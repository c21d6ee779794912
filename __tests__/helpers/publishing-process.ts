/**
 * A server process of its own for the publication crash test
 * (__tests__/server/publish/publish-crash.test.ts), run with tsx: the production app with the
 * studio and its publisher wired as src/server/host/serve.ts wires them (startingSite, then
 * republisher), the studio's settings read from the environment as the server reads them
 * (STUDIO_SITE_DIR, STUDIO_ACCOUNTS, STUDIO_PUBLISH_DIR), the deployed build in PROJECT_DIR, and
 * the tiny build (./tiny-build.mjs) standing in for gatsby's. Prints its URL as one JSON line once
 * it listens, then warms the workspace as the server does (warmUpAtStart: STUDIO_PUBLISH_WARM_UP).
 * Started and driven by ./publishing-server.ts.
 */
import fs from "node:fs"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { createHttpServer } from "../../src/server/host/app"
import { republisher, startingSite, warmUpAtStart } from "../../src/server/host/republish"
import { readStudioSettings } from "../../src/server/settings"

const TINY_BUILD = { file: process.execPath, args: [path.join(__dirname, "tiny-build.mjs")] }

async function main(): Promise<void> {
  const project = process.env.PROJECT_DIR ?? ""
  const { settings, problems } = readStudioSettings(process.env, project)
  if (problems.length > 0 || !settings.publish) throw new Error(problems.join("\n") || "STUDIO_PUBLISH=off")
  const { publish } = settings
  const start = await startingSite(project, publish)
  const publication = republisher(project, { ...settings, publish }, start, TINY_BUILD)
  const uploadDir = fs.mkdtempSync(path.join(project, "uploads-"))
  const server = createHttpServer({
    site: start.site,
    uploadDir,
    studio: settings,
    publication,
    prefix: "",
    bodyTimeoutMs: 5000,
    rateLimits: { chat: null, leads: null },
    trustProxy: false,
  })
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`)
    void warmUpAtStart(project, publish, publication, TINY_BUILD)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
