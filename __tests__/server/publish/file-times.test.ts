/**
 * @jest-environment node
 *
 * The republication compares its builds and the content by the kernel's file times, never against
 * the process's clock, which may differ from them (a server whose clock was set wrong or right
 * since, a process run under faketime, whose file times stay the kernel's): content saved after a
 * publication reads « à republier », and the newest build is the one served at start, whichever
 * way the clock is off. Before (issue 55), a clock ahead hid every change from the studio and a
 * clock behind served the deployment's older build after a restart.
 */
import fs from "node:fs"
import path from "node:path"
import { startingSite } from "../../../src/server/host/republish"
import { pipeline } from "../../../src/server/publish/pipeline"
import { Publisher } from "../../../src/server/publish/publisher"
import { newestChange } from "../../../src/server/publish/workspace"
import { clockAt } from "../../helpers/clock"
import { deployedBuild } from "../../helpers/deployed-build"
import { ROOT, tempDir } from "../../helpers/estimate-server"

jest.setTimeout(30_000)
const TINY_BUILD = { file: process.execPath, args: [path.join(ROOT, "__tests__/helpers/tiny-build.mjs")] }

/** A deployed project, a copy of content/ and one publication of it, with the process's clock at `at`. */
async function publishedWithClockAt(at: string) {
  const dir = tempDir("maxai-file-times-")
  const project = path.join(dir, "project")
  const contentDir = path.join(dir, "site", "content")
  deployedBuild(project)
  fs.cpSync(path.join(ROOT, "content"), contentDir, { recursive: true })
  const publish = { dir: path.join(dir, "publish"), timeoutMs: 20_000, warmUp: false, memoryMb: 1000 }
  fs.mkdirSync(publish.dir, { recursive: true })
  fs.writeFileSync(path.join(publish.dir, "go"), "")
  clockAt(at)
  const publication = pipeline({
    projectDir: project,
    contentDir,
    dir: publish.dir,
    timeoutMs: publish.timeoutMs,
    memoryMb: publish.memoryMb,
    command: TINY_BUILD,
    activate: async () => undefined,
  })
  const served = await publication()
  return { project, contentDir, publish, served }
}

afterEach(() => jest.useRealTimers())

test("with the clock years ahead of the file times, content saved after the publication reads « à republier »", async () => {
  const { contentDir, served } = await publishedWithClockAt("2031-06-15T10:00:00Z")
  const publisher = new Publisher({ publish: async () => served, served, contentChangedAt: () => newestChange(contentDir), log: () => undefined })
  expect(publisher.status().state).toBe("published")
  const file = path.join(contentDir, "sold-items.json")
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"price": 50', '"price": 51'))
  expect(publisher.status()).toMatchObject({ state: "stale", canRepublish: true })
})

test("with the clock years behind the file times, a restart serves the publication, not the older deployment", async () => {
  const { project, publish } = await publishedWithClockAt("2020-03-01T10:00:00Z")
  const start = await startingSite(project, publish)
  expect(start.from).toMatch(/^\.\.\/publish\/releases\/\d{8}-\d{6}-\d{3}\/public$/)
})
