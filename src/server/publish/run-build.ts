/**
 * Runs the site's build as a child process in the workspace: its output goes to a log file (the
 * owner never reads it: the studio shows French reasons), it runs in its own process group so
 * gatsby's workers stop with it, and it is stopped past its time limit or when the server exits.
 * It runs at a lower priority than the server (its workers inherit it): on a busy machine the
 * visitors' requests go first, on a quiet one the build loses nothing.
 *
 * A server killed with kill -9 cannot stop its build: the build's group is recorded in
 * `recordFile` (STUDIO_PUBLISH_DIR/build.pid) and each of its processes is marked with the
 * workspace, so the next server or build finds and stops it (./leftover.ts). The record goes only
 * once every process of the build is gone.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { BUILD_MARK, forgetBuild, recordBuild } from "./leftover"

/** A program and its arguments: `gatsby build` in the server, a tiny build in tests. */
export type BuildCommand = { readonly file: string; readonly args: readonly string[] }

export type BuildRun = { readonly ok: true } | { readonly ok: false; readonly timedOut: boolean; readonly tail: readonly string[] }

/** The project's own gatsby, run with the server's Node (PATH_PREFIX: the server's prefix, built in). */
export function gatsbyBuild(projectDir: string, prefix: string): BuildCommand {
  return { file: process.execPath, args: [path.join(projectDir, "node_modules", "gatsby", "cli.js"), "build", ...(prefix ? ["--prefix-paths"] : [])] }
}

/** Time between asking a build to stop and killing it. */
const STOP_GRACE_MS = 5000
/** Niceness of the build (0 the server's, 19 the lowest). */
const BUILD_NICENESS = 10
/** Lines of the log's end kept to explain a failure. */
const TAIL_LINES = 8

const running = new Set<ChildProcess>()

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

// A server that exits (a restart, Ctrl-C) leaves no build behind: it was detached into its own group.
process.once("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL")
})

/** Terminal colour and cursor codes (gatsby's progress bars). */
// eslint-disable-next-line no-control-regex
const TERMINAL_CODES = /\u001b\[[0-9;?]*[A-Za-z]/g

/** The last meaningful lines of a log: colours and progress bars removed, blank lines dropped. */
export function logTail(logFile: string, lines = TAIL_LINES): string[] {
  if (!fs.existsSync(logFile)) return []
  const size = fs.statSync(logFile).size
  const handle = fs.openSync(logFile, "r")
  const buffer = Buffer.alloc(Math.min(size, 64 * 1024))
  try {
    fs.readSync(handle, buffer, 0, buffer.length, size - buffer.length)
  } finally {
    fs.closeSync(handle)
  }
  return buffer
    .toString("utf8")
    .replace(TERMINAL_CODES, "")
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^[─│╭╮╰╯┌└├]/.test(line))
    .slice(-lines)
}

export type BuildOptions = {
  /** The workspace the build runs in. */
  readonly cwd: string
  readonly logFile: string
  /** Written with the build's process group while it runs (./leftover.ts). */
  readonly recordFile: string
  readonly timeoutMs: number
  /** Adds to the log instead of starting it afresh (the cold retry after a failed build). */
  readonly appendLog?: boolean
  /** The build's environment instead of the server's (./build-env.ts: the same for every publication's build). */
  readonly env?: Readonly<Record<string, string>>
}

export async function runBuild(command: BuildCommand, options: BuildOptions): Promise<BuildRun> {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true })
  const log = fs.openSync(options.logFile, options.appendLog ? "a" : "w")
  const run = await new Promise<BuildRun & { pgid?: number }>((resolve) => {
    const child = spawn(command.file, [...command.args], {
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), GATSBY_TELEMETRY_DISABLED: "1", NODE_ENV: "production", [BUILD_MARK]: options.cwd },
      stdio: ["ignore", log, log],
      detached: true,
    })
    running.add(child)
    const recorded = child.pid ? recordBuild(options.recordFile, child.pid).catch(() => undefined) : Promise.resolve()
    try {
      if (child.pid) os.setPriority(child.pid, BUILD_NICENESS)
    } catch {
      // A system that refuses it builds at the server's priority.
    }
    let timedOut = false
    let finished = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child, "SIGTERM")
      setTimeout(() => killGroup(child, "SIGKILL"), STOP_GRACE_MS).unref()
    }, options.timeoutMs)
    const finish = (ok: boolean) => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      running.delete(child)
      fs.closeSync(log)
      // Workers the build left behind (it exited, they did not) go with it.
      killGroup(child, "SIGKILL")
      const result: BuildRun = ok ? { ok: true } : { ok: false, timedOut, tail: logTail(options.logFile) }
      void recorded.then(() => resolve({ ...result, pgid: child.pid }))
    }
    child.once("error", (error) => {
      fs.appendFileSync(options.logFile, `\n${error.message}\n`)
      finish(false)
    })
    child.once("exit", (code) => finish(code === 0 && !timedOut))
  })
  const { pgid, ...result } = run
  // Processes that outlive the wait keep the record: the next build stops them first.
  if (pgid) await forgetBuild(options.cwd, options.recordFile, pgid).catch(() => undefined)
  return result
}
