/**
 * @jest-environment node
 *
 * Republication on the real server (src/server/host/: startingSite, republisher, the served
 * build's switch) through the studio's real API, with a tiny build standing in for gatsby's
 * (__tests__/helpers/tiny-build.mjs, held open by the test): every request is answered by the
 * old site during a build, saves made meanwhile give ONE next build, the new page, headers,
 * files and function answers are served together after it, a failed or hung build keeps the
 * site and the studio says why in French, and a refused save starts no build. The real gatsby
 * build is driven by e2e/studio-publish.spec.mjs and `npm run bench` (scripts/bench/publish.mjs).
 */
import fs from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { createHttpServer } from "../../../src/server/host/app"
import { republisher, startingSite } from "../../../src/server/host/republish"
import { killBuild } from "../../../src/server/publish/leftover"
import { pipeline } from "../../../src/server/publish/pipeline"
import { AccountStore } from "../../../src/server/studio/accounts"
import { deployedBuild, isAlive } from "../../helpers/deployed-build"
import { loginCookie, OWNER, startStudioServer } from "../../helpers/studio-server"

const ROOT = path.resolve(__dirname, "../../..")
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-republish-"))
const project = path.join(dir, "project")
const siteDir = path.join(dir, "site")
const publishDir = path.join(dir, "publish")
const started = path.join(publishDir, "started")
const TINY_BUILD = { file: process.execPath, args: [path.join(ROOT, "__tests__/helpers/tiny-build.mjs")] }
let base = ""
let cookie = ""
let server: Server
/**
 * The time-limit test's publication, started with the file in a folder of its own, its build
 * told to hang by its arguments (not by TINY_BUILD, which the tests change meanwhile): its
 * second runs out while the tests before it run.
 */
const hangDir = path.join(dir, "publish-hang")
const hangActivate = jest.fn()
let hung: Promise<unknown>

jest.setTimeout(30_000)

beforeAll(async () => {
  jest.spyOn(console, "log").mockImplementation(() => undefined)
  fs.cpSync(path.join(ROOT, "content"), path.join(siteDir, "content"), { recursive: true })
  // Deployed after the content was written: the site shows it.
  deployedBuild(project)
  // 1 s: ten times what the tiny build takes to start and write its pid on a busy machine (60 to 150 ms measured).
  const hangCommand = { ...TINY_BUILD, args: [...TINY_BUILD.args, "hang"] }
  hung = pipeline({
    projectDir: project,
    contentDir: path.join(siteDir, "content"),
    dir: hangDir,
    timeoutMs: 1000,
    memoryMb: 1000,
    command: hangCommand,
    activate: hangActivate,
  })()
  hung.catch(() => undefined) // awaited by its test
  const accountsFile = path.join(dir, "studio-accounts.json")
  await new AccountStore(accountsFile).add(OWNER.email, OWNER.password)
  const studio = { accountsFile, siteDir, publish: { dir: publishDir, timeoutMs: 60_000, warmUp: false, memoryMb: 1000 } }
  const start = await startingSite(project, studio.publish)
  const publication = republisher(project, studio, start, TINY_BUILD)
  fs.mkdirSync(path.join(dir, "uploads"))
  const settings = { prefix: "", bodyTimeoutMs: 5000, rateLimits: { chat: null, leads: null }, trustProxy: false }
  server = createHttpServer({ site: start.site, uploadDir: path.join(dir, "uploads"), studio, publication, ...settings })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  cookie = await loginCookie(base)
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
  // A build a failing run left running (a hung one the time limit did not stop).
  for (const publish of [publishDir, hangDir, path.join(dir, "publish-poisoned")]) await killBuild(path.join(publish, "workspace"), null)
  fs.rmSync(dir, { recursive: true, force: true })
})

const studio = (pathname: string, body?: unknown) =>
  fetch(`${base}/admin/${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Cookie: cookie, Origin: base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const status = async () => (await (await studio("publication.json")).json()) as { state: string; message: string; details: string[] }
const plain = (text: string) => text.replace(/\u00a0/g, " ")

/** Saves sold-items.json with the first item at `price` (or its number `id`), as Decap's « Publier » does. */
function saveFirstItem(change: { price?: number; id?: number }): Promise<Response> {
  const soldItems = JSON.parse(fs.readFileSync(path.join(siteDir, "content", "sold-items.json"), "utf8")) as { items: Array<Record<string, unknown>> }
  soldItems.items[0] = { ...soldItems.items[0], ...change }
  const entry = { path: "content/sold-items.json", raw: JSON.stringify(soldItems) }
  return studio("api/v1", { action: "persistEntry", params: { entry, assets: [], options: { commitMessage: "Contenu : prix" } } })
}

/** Waits (bounded) until `check` holds: the state the test asserts next. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let tick = 0; tick < 500; tick += 1) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`jamais arrivé : ${what}`)
}

/** Waits for the held build to start, then lets it finish. */
async function letBuildFinish(): Promise<void> {
  await until(() => fs.existsSync(started), "la construction a commencé")
  fs.rmSync(started)
  fs.writeFileSync(path.join(publishDir, "go"), "")
}

/** Waits (bounded) until the studio's status is one `wanted` accepts. */
async function untilStatus(wanted: (state: string) => boolean): Promise<void> {
  for (let tick = 0; tick < 500; tick += 1) {
    if (wanted((await status()).state)) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error("la publication ne s'est pas terminée")
}

/**
 * What every publication's build is told of the server's memory (STUDIO_PUBLISH_MEMORY_MB 1000,
 * src/server/publish/build-env.ts), cold or warm: one process, its heap capped, two image threads.
 */
const WITHIN_MEMORY = { GATSBY_CPU_COUNT: "1", heapMb: "600", UV_THREADPOOL_SIZE: "2", MALLOC_ARENA_MAX: "2" }
/**
 * Every variable a build gets but the system's (PATH, HOME, LANG…), the same for every build: none
 * of the server's (jest's own here), since gatsby bakes each into its bundles and one that changes
 * makes webpack's caches of no use (src/server/publish/build-env.ts).
 */
const BUILD_VARIABLES = [
  "GATSBY_CPU_COUNT",
  "GATSBY_TELEMETRY_DISABLED",
  "MALLOC_ARENA_MAX",
  "MAXAI_PUBLICATION_BUILD",
  "MAXAI_PUBLISH_WORKSPACE",
  "NODE_ENV",
  "NODE_OPTIONS",
  "UV_THREADPOOL_SIZE",
]
const failingBuilds = (fail: boolean) =>
  fail ? fs.writeFileSync(path.join(publishDir, "tiny-build-mode"), "fail") : fs.rmSync(path.join(publishDir, "tiny-build-mode"), { force: true })

/** What the publication told the build running (its environment, written by the tiny build). */
const told = () => JSON.parse(fs.readFileSync(path.join(publishDir, "env.json"), "utf8")) as Record<string, string | null>

const page = async () => {
  const answer = await fetch(`${base}/`)
  return { status: answer.status, text: await answer.text(), price: answer.headers.get("x-build-price") }
}
const functionPrice = async () => ((await (await fetch(`${base}/api/vinted/stores`)).json()) as { price: number }).price

test("the status needs the owner's session, and a refused save starts no build", async () => {
  expect((await fetch(`${base}/admin/publication.json`)).status).toBe(401)
  expect(await status()).toMatchObject({ state: "published" })
  const refused = await saveFirstItem({ id: 2 })
  expect(refused.status).toBe(422)
  expect((await status()).state).toBe("published")
  expect(fs.existsSync(path.join(publishDir, "workspace"))).toBe(false)
})

test("during builds the old site answers every request; saves meanwhile give one next build; then page, headers, files and function switch together", async () => {
  expect((await saveFirstItem({ price: 47.5 })).status).toBe(200)
  await until(() => fs.existsSync(started), "la construction a commencé")
  // The workspace's first build is cold: the owner is told it takes minutes, not seconds.
  expect(await status()).toMatchObject({ state: "building", message: "Publication en cours… La première publication prend quelques minutes." })
  // The build yields to the server: visitors' requests go first on a busy machine.
  expect(Number(fs.readFileSync(path.join(publishDir, "priority"), "utf8"))).toBeGreaterThanOrEqual(10)
  // The save checked the whole content: the build need not validate it again; cold too, the build keeps to the memory set.
  expect(told()).toEqual({ MAXAI_PUBLICATION_BUILD: "1", contentChecked: true, ...WITHIN_MEMORY, variables: BUILD_VARIABLES })
  for (let request = 0; request < 10; request += 1) expect(await page()).toEqual({ status: 200, text: "<!doctype html><p>Prix : 45 €</p>", price: "45" })
  expect(await functionPrice()).toBe(45)

  expect((await saveFirstItem({ price: 48 })).status).toBe(200)
  expect((await saveFirstItem({ price: 49 })).status).toBe(200)
  expect((await status()).message).toBe("Publication en cours… La première publication prend quelques minutes. Vos dernières modifications suivront.")
  await letBuildFinish()

  // The first build (47.5, read before the two saves) is served while the next one builds, warm:
  // no warm publication has been timed yet (a cold one would promise too long), so no estimate.
  await until(() => fs.existsSync(started), "la construction suivante a commencé")
  expect((await status()).message).toBe("Publication en cours…")
  // Warm: gatsby runs its queries and pages in its own process.
  expect(told()).toEqual({ MAXAI_PUBLICATION_BUILD: "1", contentChecked: true, ...WITHIN_MEMORY, variables: BUILD_VARIABLES })
  expect(await page()).toMatchObject({ status: 200, text: expect.stringContaining("Prix : 47.5 €"), price: "47.5" })
  expect(await functionPrice()).toBe(47.5)
  await letBuildFinish()
  await untilStatus((state) => state !== "building")
  expect(await page()).toMatchObject({ text: expect.stringContaining("Prix : 49 €"), price: "49" })
  expect(await functionPrice()).toBe(49)
  expect(plain((await status()).message)).toMatch(/^Site à jour — publié à \d{1,2} h \d\d$/)
  // The log ends with the publication's phases.
  expect(fs.readFileSync(path.join(publishDir, "build.log"), "utf8")).toMatch(
    /--- Publiée en \d+,\d s : copie \d+,\d s, construction \d+,\d s, version \d+,\d s, mise en service \d+,\d s ---\n$/,
  )
  // No third build: the two saves made during the first gave one.
  expect(fs.existsSync(started)).toBe(false)
  // A page of the build before still gets its files; older builds' files are gone.
  expect((await fetch(`${base}/static/photo-47.5.txt`)).status).toBe(200)
  expect((await fetch(`${base}/static/photo-45.txt`)).status).toBe(404)
})

test("a failed build is tried once more from cold, then keeps the site and says why (the end of its log); « Republier » tries again", async () => {
  failingBuilds(true)
  expect((await saveFirstItem({ price: 50 })).status).toBe(200)
  // The warm publication before took a few ms: said as the shortest estimate.
  await until(() => fs.existsSync(started), "la construction a commencé")
  expect(plain((await status()).message)).toBe("Publication en cours… Environ 5 s.")
  await letBuildFinish()
  // The same failure once more, from an empty cache: then the owner is told.
  await letBuildFinish()
  await untilStatus((state) => state !== "building")
  const failed = await status()
  expect(plain(failed.message)).toMatch(
    /^Échec : la construction du site s'est arrêtée sur une erreur, même reprise depuis zéro\. Le site en ligne n'a pas changé \(publié à \d{1,2} h \d\d\)\.$/,
  )
  expect(fs.readFileSync(path.join(publishDir, "build.log"), "utf8")).toContain("nouvelle construction depuis zéro")
  expect(failed.details).toContain("Module not found: Error: Can't resolve './Absent'")
  expect(await page()).toMatchObject({ status: 200, price: "49" })

  failingBuilds(false)
  expect((await studio("publication", {})).status).toBe(202)
  await until(() => fs.existsSync(started), "la construction a commencé")
  // « Republier »: the content may have been changed by hand since the last save, the build validates it.
  expect(told()).toEqual({ MAXAI_PUBLICATION_BUILD: "1", contentChecked: false, ...WITHIN_MEMORY, variables: BUILD_VARIABLES })
  await letBuildFinish()
  await untilStatus((state) => state === "published")
  expect(await page()).toMatchObject({ price: "50" })
})

test("content the build refuses (changed by hand, not through the studio) is named in the build's French lines", async () => {
  const file = path.join(siteDir, "content", "sold-items.json")
  const before = fs.readFileSync(file, "utf8")
  fs.writeFileSync(file, before.replace('"price": 50', '"price": "cinquante"'))
  failingBuilds(true)
  // The content as it was, whatever this test meets: the tests after it build it.
  try {
    expect((await status()).state).toBe("stale")
    await studio("publication", {})
    await letBuildFinish()
    await untilStatus((state) => state !== "building")
    const failed = await status()
    expect(failed.message).toMatch(/^Échec : le site refuse ce contenu \(1 problème\(s\)\)\./)
    expect(failed.details).toEqual([expect.stringMatching(/^content\/sold-items\.json › items\[0\]\.price : /)])
  } finally {
    fs.writeFileSync(file, before)
    failingBuilds(false)
  }
})

test("a build past its time limit is stopped, its processes with it, and nothing is served from it", async () => {
  await expect(hung).rejects.toMatchObject({ reason: "la construction du site a dépassé 1 s et a été arrêtée." })
  const pid = Number(fs.readFileSync(path.join(hangDir, "started"), "utf8"))
  await until(() => !isAlive(pid), "la construction arrêtée")
  expect(hangActivate).not.toHaveBeenCalled()
  expect(fs.existsSync(path.join(hangDir, "releases"))).toBe(false)
})

test("a build that fails on a half-written cache is built again from cold and goes live, once", async () => {
  const poisonedDir = path.join(dir, "publish-poisoned")
  // What a build cut short leaves: gatsby's cache marked as being written.
  fs.mkdirSync(path.join(poisonedDir, "workspace", ".cache"), { recursive: true })
  fs.writeFileSync(path.join(poisonedDir, "workspace", ".cache", "building"), "1234")
  fs.writeFileSync(path.join(poisonedDir, "go"), "")
  const activate = jest.fn(async () => undefined)
  const publish = pipeline({
    projectDir: project,
    contentDir: path.join(siteDir, "content"),
    dir: poisonedDir,
    timeoutMs: 30_000,
    memoryMb: 1000,
    command: TINY_BUILD,
    activate,
  })
  await publish()
  expect(activate).toHaveBeenCalledTimes(1)
  const log = fs.readFileSync(path.join(poisonedDir, "build.log"), "utf8")
  expect(log).toContain("Can't resolve './sections/Footer/Footer.css'")
  expect(log).toContain("nouvelle construction depuis zéro")
  // Nothing left running, so nothing recorded as running.
  expect(fs.existsSync(path.join(poisonedDir, "build.pid"))).toBe(false)
})

test("a server that does not republish (STUDIO_PUBLISH=off) says so, and refuses « Republier »", async () => {
  const off = await startStudioServer()
  try {
    const headers = { Cookie: await loginCookie(off.base), Origin: off.base }
    expect(await (await fetch(`${off.base}/admin/publication.json`, { headers })).json()).toMatchObject({ state: "off", canRepublish: false })
    expect((await fetch(`${off.base}/admin/publication`, { method: "POST", headers })).status).toBe(409)
  } finally {
    await off.stop()
  }
})
