/**
 * @jest-environment node
 *
 * The warm-up at start (docs/studio.md#warm-up-at-start; src/server/host/republish.ts warmUpAtStart), on real
 * server processes (__tests__/helpers/publishing-server.ts: the host's own wiring, settings from
 * the environment) with the tiny build held by the test (__tests__/helpers/tiny-build.mjs): a
 * server whose workspace has no cache, or a cache built from other code, publishes the content
 * once in the background at start, visitors served all along, so the owner's first save is warm;
 * a save made meanwhile follows it; a restart during it starts it again on a clean cache; a
 * warm-up that fails is not the owner's failure, and the first save builds.
 */
import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { killBuild } from "../../../src/server/publish/leftover"
import { AccountStore } from "../../../src/server/studio/accounts"
import { deployedBuild, isAlive } from "../../helpers/deployed-build"
import { ROOT, tempDir } from "../../helpers/estimate-server"
import { killServer, publicationState, savePrice, startPublishingServer, untilNotBuilding, type PublishingFolders } from "../../helpers/publishing-server"
import { until } from "../../helpers/smtp"
import { OWNER } from "../../helpers/studio-server"

// Three server starts and their builds in one test: minutes on a busy machine, seconds on a quiet one.
jest.setTimeout(150_000)

const dir = tempDir("maxai-warm-up-")
const children: ChildProcess[] = []
const made: PublishingFolders[] = []
const plain = (text: string) => text.replace(/\u00a0/g, " ")

/** A deployed project (its page at 45 €), the studio's copy of content/ (written after it), an owner, an empty STUDIO_PUBLISH_DIR. */
async function folders(name: string): Promise<PublishingFolders> {
  const root = path.join(dir, name)
  const chosen = {
    project: path.join(root, "project"),
    siteDir: path.join(root, "site"),
    accounts: path.join(root, "accounts.json"),
    publishDir: path.join(root, "publish"),
  }
  deployedBuild(chosen.project)
  fs.cpSync(path.join(ROOT, "content"), path.join(chosen.siteDir, "content"), { recursive: true })
  fs.mkdirSync(chosen.publishDir, { recursive: true })
  await new AccountStore(chosen.accounts).add(OWNER.email, OWNER.password)
  made.push(chosen)
  return chosen
}

const contentPrice = (chosen: PublishingFolders) =>
  (JSON.parse(fs.readFileSync(path.join(chosen.siteDir, "content", "sold-items.json"), "utf8")) as { items: Array<{ price: number }> }).items[0]!.price

/** Waits for the held build to start; resolves with its pid, its start mark removed for the next one. */
async function buildStarted(chosen: PublishingFolders): Promise<number> {
  const started = path.join(chosen.publishDir, "started")
  await until(() => fs.existsSync(started), 10_000)
  const pid = Number(fs.readFileSync(started, "utf8"))
  fs.rmSync(started)
  return pid
}

/** What the publication told the build (its environment, its content-check file), as the tiny build wrote it. */
const told = (chosen: PublishingFolders) => JSON.parse(fs.readFileSync(path.join(chosen.publishDir, "env.json"), "utf8")) as Record<string, unknown>

const letItFinish = (chosen: PublishingFolders) => fs.writeFileSync(path.join(chosen.publishDir, "go"), "")

const page = async (base: string) => {
  const answer = await fetch(`${base}/`)
  return { status: answer.status, price: answer.headers.get("x-build-price") }
}

beforeAll(() => jest.spyOn(console, "log").mockImplementation(() => undefined))

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL")
  // Builds a failing run left waiting for « go ».
  for (const chosen of made) await killBuild(path.join(chosen.publishDir, "workspace"), null)
  fs.rmSync(dir, { recursive: true, force: true })
})

test("no cache at start: one niced publication in the background, visitors served; a save meanwhile follows it, warm; a restart then builds nothing, a code change warms up again", async () => {
  const chosen = await folders("first-start")
  const server = await startPublishingServer(chosen, children)
  await buildStarted(chosen)
  expect(await publicationState(server)).toMatchObject({ state: "building", message: "Préparation de la publication…" })
  expect(Number(fs.readFileSync(path.join(chosen.publishDir, "priority"), "utf8"))).toBeGreaterThanOrEqual(10)
  const warmUpTold = told(chosen)
  expect(warmUpTold).toMatchObject({ contentChecked: false })
  for (let request = 0; request < 5; request += 1) expect(await page(server.base)).toEqual({ status: 200, price: "45" })

  const before = contentPrice(chosen)
  expect(await savePrice(server, chosen.siteDir, 47.5)).toBe(200)
  expect(await publicationState(server)).toMatchObject({ state: "building", message: "Préparation de la publication… Vos dernières modifications suivront." })
  letItFinish(chosen)
  // The warm-up went live with the content it read, then the save's own build follows, warm.
  await buildStarted(chosen)
  expect(await page(server.base)).toEqual({ status: 200, price: String(before) })
  expect(plain((await publicationState(server)).message)).toMatch(/^Publication en cours…/)
  expect((await publicationState(server)).message).not.toContain("quelques minutes")
  // The save's build is told the same environment as the warm-up's (gatsby bakes it into its bundles: any change costs its caches).
  expect(told(chosen)).toEqual({ ...warmUpTold, contentChecked: true })
  letItFinish(chosen)
  await untilNotBuilding(server)
  expect(await page(server.base)).toEqual({ status: 200, price: "47.5" })
  expect(await publicationState(server)).toMatchObject({ state: "published" })

  // A restart on the same code: its cache is warm, nothing is built until a save.
  await killServer(server)
  const again = await startPublishingServer(chosen, children)
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(fs.existsSync(path.join(chosen.publishDir, "started"))).toBe(false)
  expect(await publicationState(again)).toMatchObject({ state: "published" })
  expect(await savePrice(again, chosen.siteDir, 48)).toBe(200)
  await buildStarted(chosen)
  expect(plain((await publicationState(again)).message)).toMatch(/^Publication en cours…/)
  letItFinish(chosen)
  await untilNotBuilding(again)
  expect(await page(again.base)).toEqual({ status: 200, price: "48" })

  // A deployment changed the code: the cache is from other code, the next start warms it.
  await killServer(again)
  fs.mkdirSync(path.join(chosen.project, "src"), { recursive: true })
  fs.writeFileSync(path.join(chosen.project, "src", "deployed.ts"), "export const version = 2\n")
  const deployed = await startPublishingServer(chosen, children)
  await buildStarted(chosen)
  expect(await publicationState(deployed)).toMatchObject({ state: "building", message: "Préparation de la publication…" })
  letItFinish(chosen)
  await untilNotBuilding(deployed)
  expect(await publicationState(deployed)).toMatchObject({ state: "published" })
})

test("a restart (kill -9) during the warm-up: the next server stops it, clears its cache and warms up again, then goes live", async () => {
  const chosen = await folders("restart")
  const first = await startPublishingServer(chosen, children)
  const orphan = await buildStarted(chosen)
  await killServer(first)
  expect(isAlive(orphan)).toBe(true)

  const second = await startPublishingServer(chosen, children)
  await until(() => !isAlive(orphan), 10_000)
  const warmUp = await buildStarted(chosen)
  expect(warmUp).not.toBe(orphan)
  expect(await publicationState(second)).toMatchObject({ state: "building", message: "Préparation de la publication…" })
  expect(await page(second.base)).toEqual({ status: 200, price: "45" })
  letItFinish(chosen)
  await untilNotBuilding(second)
  // The content as the studio holds it is live, and the cache is warm for the first save.
  expect(await page(second.base)).toEqual({ status: 200, price: String(contentPrice(chosen)) })
  expect(await publicationState(second)).toMatchObject({ state: "published" })
  expect(fs.readFileSync(path.join(chosen.publishDir, "workspace", ".cache", "maxai-code-stamp"), "utf8")).toMatch(/^[0-9a-f]{64}$/)
})

test("a warm-up that fails: the site stays served, the studio shows no failure the owner did not ask for, and the first save builds", async () => {
  const chosen = await folders("failing")
  const mode = path.join(chosen.publishDir, "tiny-build-mode")
  fs.writeFileSync(mode, "fail")
  const server = await startPublishingServer(chosen, children)
  await buildStarted(chosen)
  letItFinish(chosen)
  // Tried once more from cold, as any failed build.
  await buildStarted(chosen)
  letItFinish(chosen)
  await untilNotBuilding(server)
  const status = await publicationState(server)
  expect(status.state).not.toBe("failed")
  expect(status.message).not.toMatch(/Échec/)
  expect(await page(server.base)).toEqual({ status: 200, price: "45" })

  fs.rmSync(mode)
  expect(await savePrice(server, chosen.siteDir, 49)).toBe(200)
  await buildStarted(chosen)
  letItFinish(chosen)
  await untilNotBuilding(server)
  expect(await page(server.base)).toEqual({ status: 200, price: "49" })
  expect(await publicationState(server)).toMatchObject({ state: "published" })
})
