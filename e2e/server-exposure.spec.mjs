/**
 * The fault suite, issue 25 (transport and exposure), on the served build over raw sockets on
 * loopback: refused or cut-off uploads leave no open descriptor and no byte in the upload folder;
 * a body trickled to a page is cut within BODY_TIMEOUT_MS; posts from another site are refused
 * while the site's own and header-less clients pass; an unusable LEADS_DIR stops the server at
 * start. Every loop and wait is bounded (see lib/raw-http.mjs).
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL } from "./lib/browser.mjs"
import { converse, head, openDescriptors, serverPid, siteStillAnswers, sleep } from "./lib/raw-http.mjs"
import { runAlone } from "./lib/locks.mjs"

// It counts the server's open descriptors and the bytes in its upload folder, and times the body
// timeout: another test's requests would change them. It runs alone (lib/locks.mjs).
runAlone()

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
/** The served build's (playwright.config.mjs sets it for the webServer and this worker alike). */
const BODY_TIMEOUT_MS = Number(process.env.BODY_TIMEOUT_MS ?? 2000)
/** The server's upload folder (docs/security.md#request-bodies: LEADS_DIR/.uploads). */
const UPLOADS = path.join(process.env.LEADS_DIR ?? "", ".uploads")

/** Files and bytes under `folder`, recursively. */
function contents(folder) {
  if (!existsSync(folder)) return { entries: 0, bytes: 0 }
  const names = readdirSync(folder, { recursive: true })
  return { entries: names.length, bytes: names.reduce((sum, name) => sum + statSync(path.join(folder, String(name))).size, 0) }
}

const BOUNDARY = "----maxai-faults"
const part = (name, value, filename) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n${value}\r\n`
/** `count` JPEG-looking photos of 64 KB, after the email. */
const photos = (count) =>
  part("email", "a@example.org") + Array.from({ length: count }, (_, n) => part("photos", "\xff\xd8\xff".padEnd(64 * 1024, "a"), `p${n}.jpg`)).join("")
const END = `--${BOUNDARY}--\r\n`

/** Six ways an upload is refused or dropped once its files are on disk: [name, body, announced length or null]. */
const REFUSED_UPLOADS = [
  ["a fifth photo", photos(5) + END],
  ["a description over 16 KB", photos(2) + part("description", "x".repeat(17 * 1024)) + END],
  ["too many fields", photos(2) + Array.from({ length: 65 }, (_, n) => part(`f${n}`, "1")).join("") + END],
  ["a photos part without file name over 16 KB", photos(2) + part("photos", "y".repeat(17 * 1024)) + END],
  ["a form cut off mid-part", `${photos(2)}--${BOUNDARY}\r\nbroken`],
  ["a client gone mid-upload", photos(2), 5 * 1024 * 1024],
]

function upload(body, announced = Buffer.byteLength(body, "latin1")) {
  return converse(
    async (socket) => {
      socket.write(head("POST", "/api/estimate", [`Content-Type: multipart/form-data; boundary=${BOUNDARY}`, `Content-Length: ${announced}`]))
      socket.write(Buffer.from(body, "latin1"))
      await sleep(300)
      // A body announced longer than sent is a client that lost its signal.
      if (announced > Buffer.byteLength(body, "latin1")) socket.destroy()
    },
    { timeoutMs: 5000, closeAfterMs: 500 },
  )
}

test("24 refused or dropped uploads leave no open descriptor and no byte in the upload folder", async () => {
  const pid = serverPid()
  assert.ok(pid, "processus du serveur introuvable depuis son port")
  const before = { descriptors: openDescriptors(pid), uploads: contents(UPLOADS) }
  for (let round = 0; round < 4; round += 1) {
    const outcomes = await Promise.all(REFUSED_UPLOADS.map(([, body, announced]) => upload(body, announced)))
    outcomes.forEach(({ response }, index) => {
      const [name, , announced] = REFUSED_UPLOADS[index]
      if (announced) return
      assert.ok(response && response.status >= 400 && response.status < 500, `${name} → ${response?.status}`)
    })
  }
  // The server closes files on the next turns of its event loop: bounded wait.
  let descriptors = openDescriptors(pid)
  for (let tries = 0; tries < 50 && descriptors > before.descriptors; tries += 1) {
    await sleep(100)
    descriptors = openDescriptors(pid)
  }
  assert.ok(descriptors <= before.descriptors, `descripteurs ouverts : ${before.descriptors} avant, ${descriptors} après`)
  assert.deepEqual(contents(UPLOADS), before.uploads)
  assert.deepEqual(await siteStillAnswers(), { page: 200, chat: 200 })
})

test("a body trickled to a page, a file or a 404 is cut within BODY_TIMEOUT_MS + 2 s", async () => {
  const trickles = ["GET /", "POST /index.html", "GET /page-inexistante/"].map((line) => {
    const [method, urlPath] = line.split(" ")
    return converse(
      async (socket) => {
        socket.write(head(method, urlPath, ["Content-Type: text/plain", "Content-Length: 500"]))
        // One byte a second, never the whole body; stops by itself past the bound.
        for (let sent = 0; sent < BODY_TIMEOUT_MS / 1000 + 6 && !socket.destroyed; sent += 1) {
          socket.write("a")
          await sleep(1000)
        }
      },
      { timeoutMs: BODY_TIMEOUT_MS + 8000 },
    )
  })
  for (const [index, { response, closedByServer, elapsedMs }] of (await Promise.all(trickles)).entries()) {
    assert.ok(response && response.status < 500, `requête ${index} : ${response?.status}`)
    assert.ok(closedByServer, `requête ${index} : la connexion doit être fermée par le serveur`)
    assert.ok(elapsedMs < BODY_TIMEOUT_MS + 2000, `requête ${index} : ${elapsedMs} ms`)
  }
})

test("posts from another site are refused 403 in French; the site's own and header-less clients pass", async () => {
  const post = (route, headers, body = "{}") =>
    converse(
      async (socket) => {
        socket.write(head("POST", route, ["Content-Type: application/json", `Content-Length: ${body.length}`, "Connection: close", ...headers]) + body)
      },
      { timeoutMs: 10_000 },
    )
  for (const route of ["/api/estimate", "/api/contact", "/api/chat"]) {
    for (const headers of [["Sec-Fetch-Site: cross-site", "Origin: https://evil.example"], ["Origin: https://evil.example"]]) {
      const { response } = await post(route, headers)
      assert.equal(response?.status, 403, `${route} ${headers.join(", ")}`)
      assert.equal(JSON.parse(response.body).error, "cross_site")
    }
  }
  const chat = JSON.stringify({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })
  for (const headers of [["Sec-Fetch-Site: same-origin", `Origin: ${BASE_URL}`], []]) {
    assert.equal((await post("/api/chat", headers, chat)).response?.status, 200, headers.join(", ") || "sans en-tête")
  }
})

test("an unusable LEADS_DIR stops the server at start with a French message", async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "maxai-e2e-unusable-"))
  const notAFolder = path.join(folder, "fichier")
  writeFileSync(notAFolder, "")
  try {
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["src/server/host/serve.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", LEADS_DIR: notAFolder },
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    const code = await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(30_000).then(() => "délai")])
    if (code === "délai") child.kill()
    assert.equal(code, 1, output)
    assert.match(output, /LEADS_DIR .* est inutilisable/)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
