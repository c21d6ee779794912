/**
 * Save → live: the time from a price saved in the studio to the public page showing it, on the
 * real server (src/server/host/serve.ts, STUDIO_PUBLISH on) through the studio's real login and
 * proxy protocol, on a copy of the project's content/ (nothing of the project is written). The
 * first save builds with a cold cache (a new STUDIO_PUBLISH_DIR), the next ones warm. While each
 * rebuild runs, `GET /` is asked every 250 ms (every answer must be 200) and the memory of the
 * server and of the build's processes is read from /proc every 500 ms.
 *
 * A new photo: after the first half of the warm saves, the first sold item gets a new photo (the
 * entry and the photo in one save, as the phone's studio sends them), live once the page shows it
 * under the name the server gave it, with the sizes and formats this build made.
 *
 * Visitors under load: the first half of the warm saves runs with only the poller (the save → live
 * bar), then LOAD_CONNECTIONS clients ask `GET /` for LOAD_BASELINE_S with no publication (the
 * reference, in the same run), and the same clients ask it during each of the other warm saves,
 * from the save to the change being live (build, release, swap).
 *
 * Bars: the median warm save → live ≤ 45 s, the new photo ≤ 90 s (regression bars: issue 41's
 * 15 s and 30 s are for a quiet machine, and are read from the figures), every `GET /` during the rebuilds answered 200, and
 * `GET /`'s p99 under load during a publication within 2× of the reference (the server's thread
 * stays free while the niced build works: issue 41).
 * Reported: the cold figure, the peak RSS of the build (all its processes) and of the server, and
 * each phase of the warm publications as the server timed them (copy in, build, release, activation).
 *
 *   node scripts/bench/publish.mjs [--warm 4] [--dir <STUDIO_PUBLISH_DIR to reuse, kept>]
 */
import autocannon from "autocannon"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { median, printChecks, ROOT, rssMb, startServerProcess, writeResult } from "./lib.mjs"

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : fallback
}
const WARM_RUNS = Number(argument("warm", 4))
const WARM_BAR_S = 45
/** A regression bar, as the warm one: issue 41 asks a new photo live within 30 s on a quiet machine, reported beside it. */
const PHOTO_BAR_S = 90
const PHOTO = "chaud, nouvelle photo"
const LOAD_CONNECTIONS = 64
const LOAD_BASELINE_S = 10
/** p99 of `GET /` under load during a publication, at most this many times the reference's. */
const LOAD_P99_RATIO_BAR = 2
const OWNER = { email: "bench@exemple.fr", password: "mesure-de-publication" }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every process below `pid` (the build: gatsby and its workers), from /proc. */
function descendants(pid) {
  const children = new Map()
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // Gone meanwhile.
    }
  }
  const found = []
  for (let queue = [pid]; queue.length > 0;) {
    const below = children.get(queue.shift()) ?? []
    found.push(...below)
    queue.push(...below)
  }
  return found
}

const treeRssMb = (pids) => pids.reduce((sum, pid) => sum + (fs.existsSync(`/proc/${pid}`) ? rssMb(pid) : 0), 0)

async function login(url) {
  const answer = await fetch(`${url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams(OWNER).toString(),
  })
  if (answer.status !== 303) throw new Error(`connexion refusée : ${answer.status}`)
  return answer.headers.get("set-cookie").split(";")[0]
}

/**
 * LOAD_CONNECTIONS clients asking `GET /` until `stop()` (or `seconds`, the bounded case): the
 * answer's p99 latency, count and anything but a 200.
 */
function visitorsLoad(url, seconds) {
  let instance
  const done = new Promise((resolve, reject) => {
    instance = autocannon({ url: `${url}/`, connections: LOAD_CONNECTIONS, duration: seconds, timeout: 30 }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
  const summary = (result) => ({ p99: result.latency.p99, requests: result.requests.total, failed: result.errors + result.timeouts + result.non2xx })
  return { stop: async () => (instance.stop(), summary(await done)), finished: async () => summary(await done) }
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The sold items as the studio's copy of the content holds them now. */
const soldItemsIn = (siteDir) => JSON.parse(fs.readFileSync(path.join(siteDir, "content", "sold-items.json"), "utf8"))

/** A price change of the first sold item: the page shows its new price. */
function priceChange(siteDir, price) {
  const soldItems = soldItemsIn(siteDir)
  soldItems.items[0].price = price
  const shown = new RegExp(`${escaped(soldItems.items[0].title)}</h3><p[^>]*>${price.toFixed(2).replace(".", ",")}\u00a0€`)
  return { soldItems, assets: [], isLive: (html) => shown.test(html) }
}

/**
 * A new photo for the first sold item, as the phone's studio sends it (the entry and the photo in
 * one persistEntry): the page shows it once the build has made its sizes and formats. The server
 * names the photo after the item (src/server/studio/photo-names.ts), so the page is searched for
 * the name it gave, read back from the saved file.
 */
async function photoChange(siteDir, shade) {
  const soldItems = soldItemsIn(siteDir)
  const bytes = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: { r: shade, g: 110, b: 80 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
  const sent = `images/items/bench-photo-${shade}.jpg`
  soldItems.items[0].image = sent
  const stored = () => soldItemsIn(siteDir).items[0].image
  return {
    soldItems,
    assets: [{ path: `content/${sent}`, content: bytes.toString("base64"), encoding: "base64" }],
    isLive: (html) => new RegExp(`/${escaped(path.parse(stored()).name)}\\.(webp|avif|jpg)`).test(html),
  }
}

/** Saves `change` (Decap's persistEntry), then waits for `GET /` to show it. */
async function saveToLive({ url, cookie, server }, change, { underLoad = false } = {}) {
  const { soldItems, assets, isLive } = await change
  const peaks = { build: 0, server: 0 }
  const sampler = setInterval(() => {
    peaks.server = Math.max(peaks.server, rssMb(server.pid))
    peaks.build = Math.max(peaks.build, treeRssMb(descendants(server.pid)))
  }, 500)
  // Bounded: a publication that never ends fails below within 20 min, the load stops then too.
  const load = underLoad ? visitorsLoad(url, 20 * 60) : null
  const started = Date.now()
  const saved = await fetch(`${url}/admin/api/v1`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json" },
    body: JSON.stringify({ action: "persistEntry", params: { entry: { path: "content/sold-items.json", raw: JSON.stringify(soldItems) }, assets } }),
  })
  if (!saved.ok) throw new Error(`enregistrement refusé : ${saved.status} ${await saved.text()}`)
  const answers = { total: 0, other: 0 }
  try {
    for (;;) {
      if (Date.now() - started > 20 * 60_000) throw new Error("la modification n'est pas en ligne après 20 min")
      const page = await fetch(`${url}/`)
      const html = await page.text()
      answers.total += 1
      if (page.status !== 200) answers.other += 1
      if (isLive(html)) break
      const status = await (await fetch(`${url}/admin/publication.json`, { headers: { Cookie: cookie } })).json()
      if (status.state === "failed") throw new Error(`${status.message}\n${status.details.join("\n")}`)
      await sleep(250)
    }
  } finally {
    clearInterval(sampler)
  }
  const seconds = (Date.now() - started) / 1000
  return { seconds, ...peaks, answers, load: load ? await load.stop() : null }
}

/** The visitors' load bars: no failed answer, p99 during each warm publication within the ratio of the reference's. */
function loadChecks(reference, runs) {
  const loaded = runs.filter((run) => run.load)
  if (!reference || loaded.length === 0) return []
  const worst = Math.max(...loaded.map((run) => run.load.p99))
  return [
    {
      name: `GET / sous ${LOAD_CONNECTIONS} clients, sans publication (référence, ${LOAD_BASELINE_S} s)`,
      value: `p99 ${reference.p99} ms`,
      bar: "mesuré",
      ok: reference.failed === 0,
    },
    {
      name: `GET / sous ${LOAD_CONNECTIONS} clients pendant les publications (pire p99 / référence)`,
      value: `p99 ${loaded.map((run) => run.load.p99).join(" / ")} ms (× ${(worst / Math.max(reference.p99, 1)).toFixed(2)})`,
      bar: `≤ × ${LOAD_P99_RATIO_BAR}`,
      ok: worst <= LOAD_P99_RATIO_BAR * Math.max(reference.p99, 1),
    },
    {
      name: `GET / sous ${LOAD_CONNECTIONS} clients pendant les publications, en échec`,
      value: `${loaded.reduce((sum, run) => sum + run.load.failed, 0)} sur ${loaded.reduce((sum, run) => sum + run.load.requests, 0)}`,
      bar: "0",
      ok: loaded.every((run) => run.load.failed === 0),
    },
  ]
}

async function main() {
  const kept = argument("dir", null)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-bench-publish-"))
  const publishDir = kept ? path.resolve(kept) : path.join(dir, "publish")
  const siteDir = path.join(dir, "site")
  fs.cpSync(path.join(ROOT, "content"), path.join(siteDir, "content"), { recursive: true })
  const accounts = path.join(dir, "studio-accounts.json")
  const added = spawnSync(process.execPath, ["--import", "tsx", "scripts/studio-account.ts", "add", OWNER.email, "--password-stdin"], {
    cwd: ROOT,
    input: OWNER.password,
    env: { ...process.env, STUDIO_ACCOUNTS: accounts },
    encoding: "utf8",
  })
  if (added.status !== 0) throw new Error(added.stderr)
  const cold = !fs.existsSync(path.join(publishDir, "workspace", ".cache"))
  const loadBefore = os.loadavg()[0]
  const { server, url } = await startServerProcess({
    STUDIO_SITE_DIR: siteDir,
    STUDIO_ACCOUNTS: accounts,
    STUDIO_PUBLISH: "on",
    STUDIO_PUBLISH_DIR: publishDir,
    LEADS_DIR: path.join(dir, "leads"),
  })
  const runs = []
  const benchStarted = Date.now()
  try {
    const context = { url, cookie: await login(url), siteDir, server }
    const serverBefore = rssMb(server.pid)
    let reference = null
    const report = (measured) =>
      console.log(
        `sauvegarde ${runs.length} (${runs.at(-1).cache}) : en ligne en ${measured.seconds.toFixed(1)} s, ` +
          `construction ${measured.build} Mo au plus, serveur ${measured.server} Mo au plus, GET / ${measured.answers.total} fois (${measured.answers.other} ≠ 200)` +
          (measured.load ? `, sous charge p99 ${measured.load.p99} ms sur ${measured.load.requests} (${measured.load.failed} en échec)` : ""),
      )
    for (let run = 0; run < WARM_RUNS + (cold ? 1 : 0); run += 1) {
      const warmIndex = run - (cold ? 1 : 0)
      const underLoad = warmIndex >= Math.ceil(WARM_RUNS / 2)
      if (underLoad && !runs.some((done) => done.cache === PHOTO)) {
        // A new photo, on the quiet machine: its sizes and formats are made by this build.
        const measured = await saveToLive(context, photoChange(siteDir, 40 + run))
        runs.push({ cache: PHOTO, ...measured })
        report(measured)
      }
      // The reference: the same clients on the same server, no publication running.
      if (underLoad && !reference) reference = await visitorsLoad(url, LOAD_BASELINE_S).finished()
      const measured = await saveToLive(context, priceChange(siteDir, 41.37 + run), { underLoad })
      runs.push({ cache: warmIndex < 0 ? "froid" : underLoad ? "chaud, sous charge" : "chaud", ...measured })
      report(measured)
    }
    const warm = runs.filter((run) => run.cache === "chaud").map((run) => run.seconds)
    const warmLoaded = runs.filter((run) => run.cache === "chaud, sous charge").map((run) => run.seconds)
    const coldRun = runs.find((run) => run.cache === "froid")
    const photoRun = runs.find((run) => run.cache === PHOTO)
    const load = `charge ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`
    const checks = [
      {
        name: `sauvegarde → en ligne, cache chaud (médiane de ${warm.length}, ${load})`,
        value: `${median(warm).toFixed(1)} s`,
        bar: `≤ ${WARM_BAR_S} s`,
        ok: median(warm) <= WARM_BAR_S,
      },
      {
        name: `sauvegarde → en ligne, cache chaud, ${LOAD_CONNECTIONS} clients à côté (médiane de ${warmLoaded.length})`,
        value: warmLoaded.length ? `${median(warmLoaded).toFixed(1)} s` : "(aucune)",
        bar: "mesuré",
        ok: true,
      },
      {
        name: "nouvelle photo → en ligne, cache chaud",
        value: photoRun ? `${photoRun.seconds.toFixed(1)} s` : "(aucune)",
        bar: `≤ ${PHOTO_BAR_S} s`,
        ok: !photoRun || photoRun.seconds <= PHOTO_BAR_S,
      },
      { name: "sauvegarde → en ligne, cache froid", value: coldRun ? `${coldRun.seconds.toFixed(1)} s` : "(cache déjà chaud)", bar: "mesuré", ok: true },
      {
        name: "GET / pendant les reconstructions",
        value: `${runs.reduce((sum, run) => sum + run.answers.other, 0)} ≠ 200 sur ${runs.reduce((sum, run) => sum + run.answers.total, 0)}`,
        bar: "0",
        ok: runs.every((run) => run.answers.other === 0),
      },
      ...loadChecks(reference, runs),
      { name: "mémoire de la construction (tous ses processus), au plus", value: `${Math.max(...runs.map((run) => run.build))} Mo`, bar: "mesuré", ok: true },
      {
        name: "mémoire du serveur pendant les reconstructions",
        value: `${serverBefore} → ${Math.max(...runs.map((run) => run.server))} Mo au plus, ${rssMb(server.pid)} Mo après`,
        bar: "mesuré",
        ok: true,
      },
    ]
    // Where the warm publications spent their time, as the server timed each phase (src/server/publish/times.ts).
    // The page shows the change when the new build is served; the server writes its timing just after.
    const timingsFile = path.join(publishDir, "timings.json")
    const readTimings = () =>
      (fs.existsSync(timingsFile) ? JSON.parse(fs.readFileSync(timingsFile, "utf8")) : []).filter((timing) => Date.parse(timing.at) >= benchStarted)
    for (let tick = 0; tick < 100 && readTimings().length < runs.length; tick += 1) await sleep(100)
    const timed = readTimings().filter((timing) => !timing.cold)
    for (const phase of Object.keys(timed.at(-1)?.phases ?? {})) {
      const seconds = timed.map((timing) => timing.phases[phase]).sort((a, b) => a - b)
      checks.push({
        name: `phase « ${phase} » (chaud, min / médiane / max)`,
        value: `${seconds[0].toFixed(1)} / ${median(seconds).toFixed(1)} / ${seconds.at(-1).toFixed(1)} s`,
        bar: "mesuré",
        ok: true,
      })
    }
    printChecks(checks)
    const result = writeResult("publish", checks, { runs, phases: timed })
    process.exitCode = result.ok ? 0 : 1
  } finally {
    server.kill("SIGTERM")
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
