/**
 * The steps of the publication bench (./publish.mjs): the studio's login and save as the phone's
 * studio sends them, the changes it saves (a price, a new photo) and how the page shows each,
 * the wait until `GET /` shows it with the memory of the server and of the build's processes
 * read from /proc, and the visitors' load beside a publication.
 */
import autocannon from "autocannon"
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { rssMb } from "./lib.mjs"

export const LOAD_CONNECTIONS = 64
export const LOAD_BASELINE_S = 10
/** p99 of `GET /` under load during a publication, at most this many times the reference's. */
export const LOAD_P99_RATIO_BAR = 2
export const OWNER = { email: "bench@exemple.fr", password: "mesure-de-publication" }
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every process below `pid` (the build: gatsby and its workers), from /proc. */
export function descendants(pid) {
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

export const treeRssMb = (pids) => pids.reduce((sum, pid) => sum + (fs.existsSync(`/proc/${pid}`) ? rssMb(pid) : 0), 0)

export async function login(url) {
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
export function visitorsLoad(url, seconds) {
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
export const soldItemsIn = (siteDir) => JSON.parse(fs.readFileSync(path.join(siteDir, "content", "sold-items.json"), "utf8"))

/** A price change of the first sold item: the page shows its new price. */
export function priceChange(siteDir, price) {
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
export async function photoChange(siteDir, shade) {
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
export async function saveToLive({ url, cookie, server }, change, { underLoad = false } = {}) {
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

/**
 * Waits until no publication runs nor waits: a save that reached the page inside a build it did
 * not start (the warm-up at start read it) leaves the build it asked for running, which the next
 * measured save would otherwise wait for.
 */
export async function untilIdle({ url, cookie }) {
  for (const started = Date.now(); Date.now() - started < 20 * 60_000; await sleep(500)) {
    const status = await (await fetch(`${url}/admin/publication.json`, { headers: { Cookie: cookie } })).json()
    if (status.state !== "building") return
  }
  throw new Error("une publication dure encore après 20 min")
}

/** The visitors' load bars: no failed answer, p99 during each warm publication within the ratio of the reference's. */
export function loadChecks(reference, runs) {
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
