/**
 * Save → live: the time from a price saved in the studio to the public page showing it, on the
 * real server (src/server/host/serve.ts, STUDIO_PUBLISH on) through the studio's real login and
 * proxy protocol, on a copy of the project's content/ (nothing of the project is written). While
 * each rebuild runs, `GET /` is asked every 250 ms (every answer must be 200) and the memory of
 * the server and of the build's processes is read from /proc every 500 ms (./publish-steps.mjs).
 *
 * The order (issue 50): the server starts on a new STUDIO_PUBLISH_DIR, so it warms its workspace
 * at start (a cold build, in the background), and the owner's first save right after meets it;
 * then the steady warm saves; then the server is restarted on its warmed workspace and the first
 * save after the restart is measured against the steady ones.
 *
 * A new photo: after the first half of the warm saves, the first sold item gets a new photo (the
 * entry and the photo in one save, as the phone's studio sends them), live once the page shows it
 * under the name the server gave it, with the sizes and formats this build made.
 *
 * Visitors under load: the first half of the warm saves runs with only the poller, then
 * LOAD_CONNECTIONS clients ask `GET /` for LOAD_BASELINE_S with no publication (the reference, in
 * the same run), and the same clients ask it during each of the other warm saves, from the save to
 * the change being live (build, release, swap).
 *
 * The machine's speed is measured beside the figures (one scrypt check at the studio's cost, the
 * median of 7, at the start and at the end: ./lib.mjs scryptCheckMs), so two runs on two machines
 * compare; the 15 s bar is for a machine whose check takes 100 ms, and slower ones are scaled by
 * the faster of the two (a busy moment never makes a figure look better).
 *
 * Bars: every warm save (the quiet ones and the first after the restart) ≤ 15 s scaled; the first
 * after the restart ≤ 1.2 × the median of the steady ones; every build's processes together
 * < 1,000 MB, the cold one included; the new photo ≤ 90 s (a regression bar); every `GET /`
 * during the rebuilds answered 200; `GET /`'s p99 under load during a publication within 2× of
 * the reference (the server's thread stays free while the niced build works: issue 41). Timings
 * are meant for a quiet machine: on a busy one they miss, while the memory figures still hold.
 * Reported: the first save on a new workspace, the saves under load, the server's memory, and
 * each phase of the warm publications as the server timed them (copy in, build, release, activation).
 *
 *   node scripts/bench/publish.mjs [--warm 4] [--dir <STUDIO_PUBLISH_DIR to reuse, kept>]
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { median, printChecks, ROOT, rssMb, scaledTo100Ms, scryptCheckMs, startServerProcess, writeResult } from "./lib.mjs"
import {
  LOAD_BASELINE_S,
  LOAD_CONNECTIONS,
  loadChecks,
  login,
  OWNER,
  photoChange,
  priceChange,
  saveToLive,
  sleep,
  untilIdle,
  visitorsLoad,
} from "./publish-steps.mjs"

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : fallback
}
const WARM_RUNS = Number(argument("warm", 4))
/** Issue 50: every warm save live within 15 s on a machine whose scrypt check takes 100 ms (scaled on slower ones). */
const WARM_BAR_S = 15
const REFERENCE_SCRYPT_MS = 100
/** Issue 50: the first save after a restart of a warmed server, at most this many times the median of the later ones. */
const FIRST_AFTER_RESTART_RATIO = 1.2
/** Issue 50: every publication's build, cold included, its processes together (STUDIO_PUBLISH_MEMORY_MB's default). */
const MEMORY_BAR_MB = 1000
/** A regression bar: issue 41 asks a new photo live within 30 s on a quiet machine, reported beside it. */
const PHOTO_BAR_S = 90
const PHOTO = "chaud, nouvelle photo"
const WARM = "chaud"
const WARM_LOADED = "chaud, sous charge"
const FIRST_COLD = "première après démarrage, sans cache"
const FIRST_WARM = "première après redémarrage, cache chauffé"

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
  const speed = [scryptCheckMs()]
  const cold = !fs.existsSync(path.join(publishDir, "workspace", ".cache"))
  const loadBefore = os.loadavg()[0]
  const serverEnv = {
    STUDIO_SITE_DIR: siteDir,
    STUDIO_ACCOUNTS: accounts,
    STUDIO_PUBLISH: "on",
    // The server warms its workspace at start, as in production (lib.mjs keeps other benches' servers from it).
    STUDIO_PUBLISH_WARM_UP: "on",
    STUDIO_PUBLISH_DIR: publishDir,
    LEADS_DIR: path.join(dir, "leads"),
  }
  const firstStart = await startServerProcess(serverEnv)
  let server = firstStart.server
  const runs = []
  const benchStarted = Date.now()
  try {
    let context = { url: "", cookie: "", siteDir, server }
    const connect = async (started) => {
      server = started.server
      context = { url: started.url, cookie: await login(started.url), siteDir, server }
    }
    await connect(firstStart)
    const serverBefore = rssMb(server.pid)
    let reference = null
    const measure = async (cache, change, options) => {
      const measured = await saveToLive(context, change, options)
      await untilIdle(context)
      runs.push({ cache, ...measured })
      console.log(
        `sauvegarde ${runs.length} (${cache}) : en ligne en ${measured.seconds.toFixed(1)} s, ` +
          `construction ${measured.build} Mo au plus, serveur ${measured.server} Mo au plus, GET / ${measured.answers.total} fois (${measured.answers.other} ≠ 200)` +
          (measured.load ? `, sous charge p99 ${measured.load.p99} ms sur ${measured.load.requests} (${measured.load.failed} en échec)` : ""),
      )
    }
    // The owner's first save after the server started: without a warm workspace it meets the warm-up
    // the server began at start (a cold build), and follows it.
    await measure(cold ? FIRST_COLD : FIRST_WARM, priceChange(siteDir, 41.01))
    for (let run = 0; run < WARM_RUNS; run += 1) {
      const underLoad = run >= Math.ceil(WARM_RUNS / 2)
      // A new photo, on the quiet machine: its sizes and formats are made by this build.
      if (underLoad && !runs.some((done) => done.cache === PHOTO)) await measure(PHOTO, photoChange(siteDir, 40 + run))
      // The reference: the same clients on the same server, no publication running.
      if (underLoad && !reference) reference = await visitorsLoad(context.url, LOAD_BASELINE_S).finished()
      await measure(underLoad ? WARM_LOADED : WARM, priceChange(siteDir, 41.37 + run), { underLoad })
    }
    // A restart (a deployment of the same code, a reboot): the workspace was warmed, no build runs at
    // start, and the owner's first save must be as fast as the steady ones.
    const stopped = new Promise((resolve) => server.once("exit", resolve))
    server.kill("SIGTERM")
    await stopped
    await connect(await startServerProcess(serverEnv))
    await measure(FIRST_WARM, priceChange(siteDir, 41.99))
    speed.push(scryptCheckMs())

    // The machine at its fastest during the run: a busy moment never makes the scaled figures look better.
    const scryptMs = Math.min(...speed)
    const warm = runs.filter((run) => run.cache === WARM).map((run) => run.seconds)
    const firstWarm = runs.filter((run) => run.cache === FIRST_WARM).map((run) => run.seconds)
    const warmLoaded = runs.filter((run) => run.cache === WARM_LOADED).map((run) => run.seconds)
    const firstCold = runs.find((run) => run.cache === FIRST_COLD)
    const photoRun = runs.find((run) => run.cache === PHOTO)
    const load = `charge ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`
    const everyWarm = [...warm, ...firstWarm]
    const worstScaled = Math.max(...everyWarm.map((seconds) => scaledTo100Ms(seconds, scryptMs)))
    const checks = [
      {
        name: `vitesse de la machine : un scrypt N = 2^15 (médiane de 7, la plus rapide de début / fin : ${speed.map((ms) => ms.toFixed(0)).join(" / ")} ms)`,
        value: `${scryptMs.toFixed(0)} ms`,
        bar: `référence ${REFERENCE_SCRYPT_MS} ms`,
        ok: true,
      },
      {
        name: `sauvegarde → en ligne, cache chaud (médiane de ${warm.length}, ${load})`,
        value: `${median(warm).toFixed(1)} s`,
        bar: "mesuré",
        ok: true,
      },
      {
        name: `chaque sauvegarde à cache chaud, ramenée à une machine à ${REFERENCE_SCRYPT_MS} ms (pire des ${everyWarm.length})`,
        value: `${worstScaled.toFixed(1)} s (mesuré ${Math.max(...everyWarm).toFixed(1)} s)`,
        bar: `≤ ${WARM_BAR_S} s`,
        ok: worstScaled <= WARM_BAR_S,
      },
      {
        name: "première sauvegarde après un redémarrage (cache chauffé) / médiane des suivantes",
        value: firstWarm.length ? `${firstWarm[0].toFixed(1)} s (× ${(firstWarm[0] / median(warm)).toFixed(2)})` : "(aucune)",
        bar: `≤ × ${FIRST_AFTER_RESTART_RATIO}`,
        ok: firstWarm.length > 0 && firstWarm[0] <= FIRST_AFTER_RESTART_RATIO * median(warm),
      },
      {
        name: "première sauvegarde après le démarrage, sans cache (suit la préparation au démarrage)",
        value: firstCold ? `${firstCold.seconds.toFixed(1)} s` : "(cache déjà chaud)",
        bar: "mesuré",
        ok: true,
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
      {
        name: "GET / pendant les reconstructions",
        value: `${runs.reduce((sum, run) => sum + run.answers.other, 0)} ≠ 200 sur ${runs.reduce((sum, run) => sum + run.answers.total, 0)}`,
        bar: "0",
        ok: runs.every((run) => run.answers.other === 0),
      },
      ...loadChecks(reference, runs),
      {
        name: `mémoire de chaque construction (tous ses processus), au plus${firstCold ? ", froide comprise" : ""}`,
        value: `${Math.max(...runs.map((run) => run.build))} Mo (${runs.map((run) => run.build).join(" / ")})`,
        bar: `< ${MEMORY_BAR_MB} Mo`,
        ok: runs.every((run) => run.build < MEMORY_BAR_MB),
      },
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
