/**
 * One of the project's npm scripts (scripts/<name>.ts) run for real, as `npm run` runs it through tsx:
 * a node process of its own (node --import tsx), started in the project's folder with `env` on top of
 * this process's environment, `input` on its standard input (a pipe, never a terminal). Asynchronous,
 * so that a test can run independent commands at once rather than one after another.
 */
import { spawn } from "node:child_process"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "../..")

export type ScriptRun = { code: number | null; out: string; err: string }

export function runScript(script: string, args: string[], options: { input?: string; env?: Record<string, string | undefined> } = {}): Promise<ScriptRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
    })
    let out = ""
    let err = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk))
    child.on("error", fail)
    child.on("close", (code) => done({ code, out, err }))
    // A command that exits before reading its input (a refusal) closes the pipe: not this run's failure.
    child.stdin.on("error", () => undefined)
    child.stdin.end(options.input ?? "")
  })
}
