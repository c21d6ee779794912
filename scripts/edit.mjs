#!/usr/bin/env node
/**
 * `npm run edit`: the content studio on this computer, in one command.
 *
 * Starts decap-server (Decap CMS's local backend: the admin reads and writes the files of
 * content/ directly, no account needed) and the development site, then prints the admin's
 * address. A save in the admin rewrites content/…, the development site revalidates it and
 * reloads (or shows the French problems). Ctrl+C stops both.
 *
 *   EDIT_PORT=8000            port of the development site (and of the admin, /admin/)
 *   DECAP_SERVER_PORT=8081    port of decap-server
 *   GIT_REPO_DIRECTORY=.      folder whose content/ the admin edits (a copy, for tests)
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const sitePort = Number(process.env.EDIT_PORT ?? 8000)
const decapPort = Number(process.env.DECAP_SERVER_PORT ?? 8081)
const repo = path.resolve(process.env.GIT_REPO_DIRECTORY ?? ROOT)

const children = []
function start(name, command, args, env) {
  // Own process group, so stopping it also stops what it started (gatsby's workers).
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"], detached: true })
  child.on("exit", (code, signal) => {
    if (stopping) return
    console.error(`\n${name} s'est arrêté (${signal ?? `code ${code}`}) : le studio s'arrête aussi.`)
    stop(1)
  })
  children.push(child)
  return child
}

let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500).unref()
}
process.on("SIGINT", () => stop(0))
process.on("SIGTERM", () => stop(0))

async function waitFor(url, seconds) {
  for (let tick = 0; tick < seconds; tick += 1) {
    try {
      const response = await fetch(url, {
        method: url.includes("/api/v1") ? "POST" : "GET",
        headers: { "content-type": "application/json" },
        body: url.includes("/api/v1") ? '{"action":"info"}' : undefined,
      })
      if (response.ok) return true
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  return false
}

start("decap-server", process.execPath, [require.resolve("decap-server/dist/index.js")], {
  PORT: String(decapPort),
  GIT_REPO_DIRECTORY: repo,
  MODE: "fs",
  LOG_LEVEL: "warn",
})
start("gatsby develop", process.execPath, [require.resolve("gatsby/cli.js"), "develop", "-p", String(sitePort), "-H", "localhost"], {
  GATSBY_TELEMETRY_DISABLED: "1",
  DECAP_SERVER_PORT: String(decapPort),
})

const backendUp = await waitFor(`http://localhost:${decapPort}/api/v1`, 30)
if (!backendUp) {
  console.error(`decap-server ne répond pas sur le port ${decapPort} (déjà pris ? essayez DECAP_SERVER_PORT=8082 npm run edit).`)
  stop(1)
} else {
  const siteUp = await waitFor(`http://localhost:${sitePort}/__contenu/etat`, 600)
  if (siteUp && !stopping) {
    console.log(`\n  Studio de contenu : http://localhost:${sitePort}/admin/`)
    console.log(`  Aperçu du site     : http://localhost:${sitePort}/`)
    console.log(`  Fichiers modifiés  : ${path.join(repo, "content")}`)
    console.log("  Ctrl+C pour arrêter.\n")
  }
}
