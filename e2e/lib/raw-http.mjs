/**
 * HTTP/1.1 spoken by hand over a TCP socket from Node's `net`, for what fetch cannot do: send
 * half a body and hang up, send a malformed chunked body, trickle bytes, announce a size and
 * never send it. Every wait is bounded by `timeoutMs`, so a test never hangs on a dead server.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync } from "node:fs"
import net from "node:net"
import { BASE_URL } from "./browser.mjs"

const { hostname: HOST, port: PORT } = new URL(BASE_URL)
export const TARGET = { host: HOST, port: Number(PORT || 80) }

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Request head with CRLF line ends; `headers` is a list of "Name: value" lines. */
export function head(method, path, headers = []) {
  return `${method} ${path} HTTP/1.1\r\nHost: ${TARGET.host}:${TARGET.port}\r\n${headers.map((line) => `${line}\r\n`).join("")}\r\n`
}

/** Parses the first response found in `text` (status, lower-cased headers, body as received). */
export function parseResponse(text) {
  const end = text.indexOf("\r\n\r\n")
  if (!text.startsWith("HTTP/1.1 ") || end < 0) return null
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n")
  const headers = {}
  for (const line of lines) {
    const colon = line.indexOf(":")
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(end + 4) }
}

/**
 * Opens a socket and runs `script(socket)` (which writes, waits, maybe ends); collects what the
 * server answers until it closes the connection, `closeAfterMs` after the script, or the deadline.
 * Resolves { response, text, closedByServer, elapsedMs }.
 *
 * Closed by the server: its FIN ("end"), or its reset (ECONNRESET). A server that answers and
 * closes while the client's bytes sit unread in its buffer resets the connection (Linux sends RST,
 * not FIN), and the reset can overtake the FIN: both mean the server ended it. Only this socket's
 * peer can reset it; `finish()`, the one place the client destroys it, is never a reset.
 */
export function converse(script, { timeoutMs = 15_000, closeAfterMs = 1000 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(TARGET)
    const chunks = []
    let closedByServer = false
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(deadline)
      socket.destroy()
      const text = Buffer.concat(chunks).toString("latin1")
      resolve({ response: parseResponse(text), text, closedByServer, elapsedMs: Date.now() - started })
    }
    const deadline = setTimeout(finish, timeoutMs)
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("end", () => {
      closedByServer = true
      finish()
    })
    socket.on("close", finish)
    socket.on("error", (error) => {
      if (error.code === "ECONNRESET") closedByServer = true
      finish()
    })
    socket.once("connect", async () => {
      try {
        await script(socket)
      } catch {
        // The server closing while we write is one of the outcomes under test.
      }
      if (!done) setTimeout(finish, closeAfterMs)
    })
  })
}

/** Sends the head and part of a body, then destroys the socket: a client that lost signal. */
export function abortMidBody(method, path, { contentType = "application/json", announced = 200, sent = 100 } = {}) {
  return converse(
    async (socket) => {
      socket.write(head(method, path, [`Content-Type: ${contentType}`, `Content-Length: ${announced}`]))
      socket.write("x".repeat(sent))
      await sleep(50)
      socket.destroy()
    },
    { timeoutMs: 2000, closeAfterMs: 0 },
  )
}

/** Status of a plain fetch, or 0 when the server does not answer (bounded by AbortSignal). */
export async function statusOf(path, init = {}) {
  try {
    const response = await fetch(`${BASE_URL}${path}`, { ...init, signal: AbortSignal.timeout(10_000) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

const CHAT_BODY = JSON.stringify({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })

/** The two answers a visitor needs: the page and a chat reply. */
export async function siteStillAnswers() {
  const page = await statusOf("/")
  const chat = await statusOf("/api/chat", { method: "POST", headers: { "Content-Type": "application/json" }, body: CHAT_BODY })
  return { page, chat }
}

/**
 * The id of the process listening on TARGET's port (Linux: the socket's inode in /proc/net/tcp*,
 * then the process holding it), so a test can count its open descriptors; null if not found.
 */
export function serverPid() {
  const port = TARGET.port.toString(16).toUpperCase().padStart(4, "0")
  const inodes = new Set()
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN.
      if (fields[1]?.endsWith(`:${port}`) && fields[3] === "0A") inodes.add(`socket:[${fields[9]}]`)
    }
  }
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)))) return Number(pid)
    } catch {
      // A process that ended meanwhile, or another user's.
    }
  }
  return null
}

/** How many descriptors `pid` has open. */
export const openDescriptors = (pid) => readdirSync(`/proc/${pid}/fd`).length
