/**
 * @jest-environment node
 *
 * Crash-safe publication on real processes: a server (__tests__/helpers/publishing-process.ts,
 * the host's own wiring of the studio and its publisher, settings from the environment) killed
 * with kill -9 while its build runs. The build, detached in its own process group, outlives it;
 * the next server over the same STUDIO_PUBLISH_DIR stops it and clears the cache it was writing,
 * so the owner's next save goes live (before, every later build failed on that cache until the
 * workspace was deleted by hand). The tiny build (__tests__/helpers/tiny-build.mjs) fails on a
 * half-written cache as gatsby's did. A restart with no build running keeps the cache: the first save after it is warm.
 */
import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { killBuild } from "../../../src/server/publish/leftover"
import { AccountStore } from "../../../src/server/studio/accounts"
import { deployedBuild, isAlive } from "../../helpers/deployed-build"
import { ROOT, tempDir } from "../../helpers/estimate-server"
import { until } from "../../helpers/smtp"
import { publicationState, savePrice as savePriceIn, startPublishingServer, untilNotBuilding, type Running } from "../../helpers/publishing-server"
import { OWNER } from "../../helpers/studio-server"

jest.setTimeout(60_000)

const dir = tempDir("maxai-publish-crash-")
const project = path.join(dir, "project")
const publishDir = path.join(dir, "publish")
const started = path.join(publishDir, "started")
const children: ChildProcess[] = []
/** The build the killed server left behind: killed after the test if the server under test did not (a failing run). */
let orphan = 0
/** The server the first test leaves running, its publication done: the second test restarts it. */
let left: Running | null = null

beforeAll(async () => {
  deployedBuild(project)
  fs.cpSync(path.join(ROOT, "content"), path.join(dir, "site", "content"), { recursive: true })
  await new AccountStore(path.join(dir, "accounts.json")).add(OWNER.email, OWNER.password)
})

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL")
  if (orphan && isAlive(orphan)) process.kill(orphan, "SIGKILL")
  // A build a failing run left waiting for « go » after its server was killed above.
  await killBuild(path.join(publishDir, "workspace"), null)
  fs.rmSync(dir, { recursive: true, force: true })
})

const folders = { project, siteDir: path.join(dir, "site"), accounts: path.join(dir, "accounts.json"), publishDir }
// A save's build is the one killed here: no warm-up at start (its own crash is in warm-up.test.ts).
const startServer = () => startPublishingServer(folders, children, { STUDIO_PUBLISH_WARM_UP: "off" })
const savePrice = (server: Running, price: number) => savePriceIn(server, folders.siteDir, price)

test("kill -9 of the server mid-build: the next server stops the orphaned build, and the next save goes live", async () => {
  const first = await startServer()
  expect(await savePrice(first, 47.5)).toBe(200)
  await until(() => fs.existsSync(started), 10_000)
  orphan = Number(fs.readFileSync(started, "utf8"))
  fs.rmSync(started)
  const exited = new Promise((resolve) => first.child.once("exit", resolve))
  first.child.kill("SIGKILL")
  await exited
  // Its own process group: the build outlives the server that started it.
  expect(isAlive(orphan)).toBe(true)
  expect(JSON.parse(fs.readFileSync(path.join(publishDir, "build.pid"), "utf8"))).toMatchObject({ pgid: expect.any(Number) })

  const second = await startServer()
  await until(() => !isAlive(orphan), 10_000)
  expect(fs.existsSync(path.join(publishDir, "build.pid"))).toBe(false)
  expect(await savePrice(second, 48)).toBe(200)
  await until(() => fs.existsSync(started), 10_000)
  fs.writeFileSync(path.join(publishDir, "go"), "")
  await untilNotBuilding(second)
  expect(await publicationState(second)).toMatchObject({ state: "published" })
  const page = await fetch(`${second.base}/`)
  expect(page.headers.get("x-build-price")).toBe("48")
  expect(await page.text()).toContain("Prix : 48 €")
  left = second
})

test("a restart with no build running keeps the workspace's cache: the first save after it is a warm publication", async () => {
  // The server the test above left (one start fewer than a server of its own): no build runs.
  const before = left
  if (!before) throw new Error("le test précédent n'a pas laissé de serveur")
  expect(await publicationState(before)).toMatchObject({ state: "published" })
  const exited = new Promise((resolve) => before.child.once("exit", resolve))
  before.child.kill("SIGKILL")
  await exited
  const cache = path.join(publishDir, "workspace", ".cache")
  expect(fs.existsSync(cache)).toBe(true)

  const after = await startServer()
  // The mark of the build before (the test above let it finish without removing it).
  fs.rmSync(started, { force: true })
  expect(await savePrice(after, 49)).toBe(200)
  await until(() => fs.existsSync(started), 10_000)
  // Nothing was interrupted: the cache is still there, the owner is not told « quelques minutes », and gatsby builds warm.
  expect(fs.existsSync(cache)).toBe(true)
  expect((await publicationState(after)).message).not.toContain("quelques minutes")
  const told = fs.readFileSync(path.join(publishDir, "env.json"), "utf8")
  expect(JSON.parse(told)).toMatchObject({ GATSBY_CPU_COUNT: "1" })
  fs.rmSync(started)
  fs.writeFileSync(path.join(publishDir, "go"), "")
  await untilNotBuilding(after)
  expect((await fetch(`${after.base}/`)).headers.get("x-build-price")).toBe("49")
})
