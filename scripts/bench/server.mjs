/**
 * The production server's own figures, on a server this script starts (`node --import tsx
 * src/server/host/serve.ts` on an ephemeral loopback port, so its memory can be read in /proc):
 *   1. `GET /` as a browser asks it (Accept-Encoding: br, gzip), `--duration` s (10) with
 *      `--connections` (50): requests/s, p99, server RSS before and after.
 *   2. Soak, `--soak` s (60): mixed valid and invalid API requests and pages (autocannon, 10
 *      connections) while raw sockets keep sending bodies cut off mid-way and malformed chunked
 *      bodies: 0 crashes, the page and the chat still answer, RSS growth under 30 MB (medians of
 *      the first and last five samples, taken every 2 s).
 * Bars: 0 crash, RSS growth < 30 MB; throughput is reported, not gated (machine noise).
 *
 *   node scripts/bench/server.mjs [--duration 10] [--connections 50] [--soak 60]
 */
import autocannon from "autocannon"
import net from "node:net"
import { median, printChecks, rssMb, startServerProcess, writeResult } from "./lib.mjs"

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return Number(index > 0 ? process.argv[index + 1] : fallback)
}
const duration = argument("duration", 10)
const connections = argument("connections", 50)
const soakSeconds = argument("soak", 60)
const RSS_GROWTH_BAR_MB = 30

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const startServer = () => startServerProcess({ CHAT_RATE_LIMIT: "1000000", BODY_TIMEOUT_MS: "2000" })

function run(options) {
  return new Promise((resolve, reject) => autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result))))
}

const JSON_HEADERS = { "content-type": "application/json" }
const validChat = JSON.stringify({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })
const MIXED = [
  { method: "GET", path: "/" },
  { method: "POST", path: "/api/chat", headers: JSON_HEADERS, body: validChat },
  { method: "GET", path: "/api/vinted/stores" },
  { method: "POST", path: "/api/chat", headers: JSON_HEADERS, body: '{"message": ' },
  { method: "POST", path: "/api/chat", headers: { "content-type": "text/plain" }, body: validChat },
  { method: "POST", path: "/api/chat", headers: JSON_HEADERS, body: JSON.stringify({ message: "x".repeat(40 * 1024) }) },
  { method: "GET", path: "/static/missing.png" },
  { method: "GET", path: "/", headers: { range: "bytes=999999999-" } },
  { method: "DELETE", path: "/api/vinted/news" },
]

/** A client that sends half a body (or a malformed chunk) and hangs up; resolves when its socket is gone. */
function faultyClient(port, kind) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      if (kind === "chunked")
        socket.write("POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n")
      else socket.write(`POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"message": "rach`)
      setTimeout(() => socket.destroy(), 20)
    })
    socket.on("error", () => {})
    socket.on("close", resolve)
  })
}

async function stillAnswers(url) {
  const page = await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.status,
    () => 0,
  )
  const chat = await fetch(`${url}/api/chat`, { method: "POST", headers: JSON_HEADERS, body: validChat, signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.status,
    () => 0,
  )
  return { page, chat }
}

async function main() {
  const { server, url, log } = await startServer()
  const port = Number(new URL(url).port)
  try {
    const rssStart = rssMb(server.pid)
    const home = await run({ url: `${url}/`, headers: { "accept-encoding": "br, gzip" }, connections, duration })
    const rssAfterHome = rssMb(server.pid)
    console.log(
      `GET / (br) : ${Math.round(home.requests.average)} req/s, p99 ${home.latency.p99} ms, ${home.errors} erreurs ; RSS ${rssStart} → ${rssAfterHome} Mo`,
    )

    // Soak: autocannon's mixed traffic and faulty raw clients side by side, both bounded by the deadline.
    const rssSoakStart = rssMb(server.pid)
    const deadline = Date.now() + soakSeconds * 1000
    let faults = 0
    const faulty = (async () => {
      while (Date.now() < deadline && server.exitCode === null) {
        await Promise.all([faultyClient(port, faults % 2 ? "chunked" : "aborted"), sleep(25)])
        faults += 1
      }
    })()
    const samples = []
    const sampler = setInterval(() => server.exitCode === null && samples.push(rssMb(server.pid)), 2000)
    const mixed = await run({ url, requests: MIXED, connections: 10, duration: soakSeconds })
    await faulty
    clearInterval(sampler)
    await sleep(1000)
    const alive = server.exitCode === null
    const rssSoakEnd = alive ? rssMb(server.pid) : NaN
    const after = alive ? await stillAnswers(url) : { page: 0, chat: 0 }
    // RSS swings by tens of MB with garbage collection under load: growth compares the medians of
    // the first and last five samples of the soak, so a leak shows and a collection's timing does not.
    const early = median(samples.slice(0, 5))
    const late = median(samples.slice(-5))
    const growth = late - early
    const caught = (log().match(/non rattrapée|rejetée sans traitement/g) ?? []).length
    console.log(
      `Soak ${soakSeconds} s : ${mixed.requests.total} requêtes mêlées (${mixed.errors} erreurs de connexion), ${faults} clients fautifs ; ` +
        `RSS ${rssSoakStart} → ${rssSoakEnd} Mo (relevés : ${samples.join(", ")}) ; après : GET / ${after.page}, chat ${after.chat}`,
    )
    const checks = [
      {
        name: "GET / (br, 50 conn.) : débit et mémoire",
        value: `${Math.round(home.requests.average)} req/s, p99 ${home.latency.p99} ms, RSS ${rssStart} → ${rssAfterHome} Mo`,
        bar: "mesuré",
        ok: home.errors === 0 && home.non2xx === 0,
      },
      {
        name: `Soak ${soakSeconds} s : 0 plantage, le site répond`,
        value: `${alive ? 0 : 1} plantage, ${caught} erreur(s) rattrapée(s), GET / ${after.page}, chat ${after.chat}`,
        bar: "0 / 200 / 200",
        ok: alive && caught === 0 && after.page === 200 && after.chat === 200,
      },
      {
        name: "Soak : croissance de la mémoire (RSS, médianes début/fin)",
        value: `${growth} Mo (${early} → ${late} ; ${rssSoakStart} → ${rssSoakEnd} aux bornes)`,
        bar: `< ${RSS_GROWTH_BAR_MB} Mo`,
        ok: samples.length >= 10 && growth < RSS_GROWTH_BAR_MB,
      },
    ]
    printChecks(checks)
    const result = writeResult("server", checks, {
      home: { rps: Math.round(home.requests.average), p99: home.latency.p99 },
      rss: { rssStart, rssAfterHome, rssSoakStart, rssSoakEnd, samples },
      faults,
      mixed: mixed.requests.total,
    })
    return result.ok
  } finally {
    server.kill("SIGTERM")
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
