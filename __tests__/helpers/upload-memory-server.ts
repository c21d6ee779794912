/**
 * The estimate server in a process of its own for __tests__/server/upload-memory.test.ts, run
 * with `node --expose-gc --import tsx` and an IPC channel, so the memory measured is the server's
 * alone (never the test's, which builds the uploads). Sends { url } once it listens; to "rss" it
 * answers { rss } in bytes after collecting garbage, to "stop" it closes and exits.
 */
import { setTimeout as sleep } from "node:timers/promises"
import { startEstimateServer, testConfig } from "./estimate-server"

const collectGarbage = (globalThis as { gc?: () => void }).gc

async function settledRss(): Promise<number> {
  // A few rounds: buffers freed by one collection release others at the next; libvips and the
  // allocator give memory back between them.
  for (let round = 0; round < 4; round += 1) {
    collectGarbage!()
    await sleep(100)
  }
  return process.memoryUsage().rss
}

async function main(): Promise<void> {
  if (!collectGarbage || !process.send) throw new Error("lancer avec node --expose-gc --import tsx et un canal IPC")
  const server = await startEstimateServer(testConfig())
  process.on("message", (message) => {
    if (message === "rss") void settledRss().then((rss) => process.send!({ rss }))
    if (message === "stop") void server.close().then(() => process.exit(0))
  })
  process.send({ url: server.url })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
