/**
 * A publishing server as its own process (./publishing-process.ts: the host's own wiring, settings
 * from the environment, the tiny build held by the test) and the studio's calls the publication
 * tests make to it: the crash test (__tests__/server/publish/publish-crash.test.ts) and the
 * warm-up at start (__tests__/server/publish/warm-up.test.ts).
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { ROOT } from "./estimate-server"
import { loginCookie } from "./studio-server"

export type Running = { base: string; cookie: string; child: ChildProcess }

/** The folders one server works on: the deployed build, the studio's site copy, its accounts, STUDIO_PUBLISH_DIR. */
export type PublishingFolders = { project: string; siteDir: string; accounts: string; publishDir: string }

/** Starts a server on `folders`, `env` added (STUDIO_PUBLISH_WARM_UP…); resolves once it listens, the owner logged in. */
export async function startPublishingServer(folders: PublishingFolders, children: ChildProcess[], env: Record<string, string> = {}): Promise<Running> {
  // node itself with tsx's loader (not the tsx CLI, which would run the server in a grandchild): SIGKILL hits the server.
  // Its CommonJS hook alone (the server is CommonJS): ~0.1 s less per start than --import tsx's module loader thread.
  const child = spawn(process.execPath, ["--require", "tsx/cjs", path.join(ROOT, "__tests__/helpers/publishing-process.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROJECT_DIR: folders.project,
      STUDIO_SITE_DIR: folders.siteDir,
      STUDIO_ACCOUNTS: folders.accounts,
      STUDIO_PUBLISH_DIR: folders.publishDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  })
  children.push(child)
  const base = await new Promise<string>((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      const line = out.split("\n").find((candidate) => candidate.startsWith("{"))
      if (line) resolve((JSON.parse(line) as { url: string }).url)
    })
    child.once("exit", (code) => reject(new Error(`serveur arrêté (${code})`)))
  })
  return { base, cookie: await loginCookie(base), child }
}

/** Saves sold-items.json of `siteDir` with its first item at `price`, as the studio's « Publier » does; the answer's status. */
export async function savePrice(server: Running, siteDir: string, price: number): Promise<number> {
  const file = path.join(siteDir, "content", "sold-items.json")
  const soldItems = JSON.parse(fs.readFileSync(file, "utf8")) as { items: Array<Record<string, unknown>> }
  soldItems.items[0] = { ...soldItems.items[0], price }
  const entry = { path: "content/sold-items.json", raw: JSON.stringify(soldItems) }
  const answer = await fetch(`${server.base}/admin/api/v1`, {
    method: "POST",
    headers: { Cookie: server.cookie, Origin: server.base, "Content-Type": "application/json" },
    body: JSON.stringify({ action: "persistEntry", params: { entry, assets: [], options: { commitMessage: "Contenu : prix" } } }),
  })
  return answer.status
}

/** The studio's publication status, as its box reads it. */
export const publicationState = async (server: Running) =>
  (await (await fetch(`${server.base}/admin/publication.json`, { headers: { Cookie: server.cookie } })).json()) as { state: string; message: string }

/** Waits (bounded, 15 s) until no publication runs nor waits. */
export async function untilNotBuilding(server: Running): Promise<void> {
  for (let tick = 0; tick < 300 && (await publicationState(server)).state === "building"; tick += 1) await new Promise((resolve) => setTimeout(resolve, 50))
}

/** Kills the server with SIGKILL (no clean-up of its own) and waits until it is gone. */
export async function killServer(server: Running): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve))
  server.child.kill("SIGKILL")
  await exited
}
