/**
 * @jest-environment node
 *
 * kill -9 of a real server process (__tests__/helpers/leads-process.ts: the real body reading,
 * outbox and courier, settings from the environment) during an upload and during the mail's
 * transfer to a real SMTP server; on restart over the same LEADS_DIR: no half request, nothing
 * left over, and the request delivered exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import net from "node:net"
import path from "node:path"
import { UPLOADS_FOLDER } from "../../src/server/host/folders"
import { startSmtp, until } from "../helpers/smtp"
import { estimateForm, JPEG, post, ROOT, tempDir } from "../helpers/estimate-server"

const ID = /^\d{8}-\d{4}-[2-9A-Z]{6}$/

/** `started`: the leads service's start lines (where the requests are, how many pending ones it resumed). */
type Running = { url: string; started: string[]; child: ChildProcess }

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL")
})

/**
 * Starts the server process over `leadsDir` (mail to `smtpPort` if given) and waits until it listens.
 * The system's temporary folder stays the test's: tsx keeps its compiled files there, and a fresh one
 * per process would have it compile every module again (half a second of CPU each start).
 */
async function startProcess(leadsDir: string, smtpPort?: number): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, LEADS_DIR: leadsDir, LEADS_RETRY_BASE_MS: "100", LEADS_RETRY_MAX_MS: "400" }
  if (smtpPort) Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LEADS_TO: "equipe@maxai.example", LEADS_FROM: "site@maxai.example" })
  // node itself with tsx's loader (not the tsx CLI, which would run the server in a grandchild): SIGKILL hits the server.
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "__tests__/helpers/leads-process.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  })
  children.push(child)
  const { url, started } = await new Promise<{ url: string; started: string[] }>((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!) as { url: string; started: string[] })
    })
    child.once("exit", (code) => reject(new Error(`processus arrêté (${code})`)))
  })
  return { url, started, child }
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGKILL")
  await exited
}

/** Bytes of every file under `dir`. */
function bytesIn(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => statSync(path.join(dir, name)))
    .filter((info) => info.isFile())
    .reduce((sum, info) => sum + info.size, 0)
}

test("kill -9 during an upload: on restart no half request and nothing left in the outbox", async () => {
  const leadsDir = tempDir()
  const smtp = await startSmtp()
  try {
    const first = await startProcess(leadsDir, smtp.port)
    const { hostname, port, pathname } = new URL(first.url)
    const head = Buffer.from(
      `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nclaire@exemple.fr\r\n--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    const socket = net.connect(Number(port), hostname)
    socket.on("error", () => undefined)
    // Announces 2 MB, sends the first half: the photo is being written when the process dies.
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
    )
    socket.write(Buffer.concat([head, JPEG, Buffer.alloc(1024 * 1024 - JPEG.length - head.length)]))
    // Half a megabyte of it in the upload folder (LEADS_DIR/.uploads): the process dies mid-write.
    await until(() => bytesIn(path.join(leadsDir, UPLOADS_FOLDER)) > 512 * 1024, 10_000)
    await kill(first.child)
    socket.destroy()

    const second = await startProcess(leadsDir, smtp.port)
    const answer = await post(second.url, estimateForm({ email: "paul@exemple.fr" }, [{ name: "b.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    await until(() => smtp.mails.length === 1)
    // Only the complete request exists; the half upload left no folder and no byte in the outbox.
    expect(readdirSync(leadsDir).filter((name) => ID.test(name))).toEqual([answer.json.id])
    expect(readdirSync(path.join(leadsDir, ".incoming"))).toEqual([])
    expect(smtp.mails[0]!.raw).toContain(`X-Lead-ID: ${answer.json.id}`)
  } finally {
    await smtp.close()
  }
}, 60_000)

test("kill -9 while the mail is being transferred: after restart it is sent once, and a further restart sends nothing", async () => {
  const leadsDir = tempDir()
  // A provider that takes the message's bytes and has not answered yet when the process dies.
  const stalled = await startSmtp({ hold: true })
  const smtp = await startSmtp()
  try {
    const first = await startProcess(leadsDir, stalled.port)
    const answer = await post(first.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    await until(() => stalled.attempts() === 1, 10_000)
    await kill(first.child)
    const state = () => JSON.parse(readFileSync(path.join(leadsDir, answer.json.id!, "delivery.json"), "utf8"))
    expect(state()).toMatchObject({ status: "pending", attempts: 0 })

    const second = await startProcess(leadsDir, smtp.port)
    expect(second.started).toEqual([`leads : demandes dans ${leadsDir} (envoi par email), 1 demande en attente d'envoi : envoi repris`])
    await until(() => state().status === "sent", 10_000)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.raw).toContain(`X-Lead-ID: ${answer.json.id}`)
    await kill(second.child)

    const third = await startProcess(leadsDir, smtp.port)
    // It found nothing to resume, and several retry delays of it later nothing went out.
    expect(third.started).toEqual([`leads : demandes dans ${leadsDir} (envoi par email)`])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.mails).toHaveLength(1)
    expect(stalled.mails).toHaveLength(0)
    expect(readdirSync(path.join(leadsDir, answer.json.id!)).sort()).toEqual(["delivery.json", "lead.json", "photo-1.jpg"])
  } finally {
    await Promise.all([stalled.close(), smtp.close()])
  }
}, 60_000)
