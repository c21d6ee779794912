/** Breaking a throw-away copy of the real content/ the way an editor might, then validating it. */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { validateContent } from "../../build-steps/content/validate"

export const CONTENT = path.resolve(__dirname, "..", "..", "content")

/** A throw-away copy of the real content/ folder that a test may break. */
export function copyOfContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-content-"))
  fs.cpSync(CONTENT, path.join(dir, "content"), { recursive: true })
  return path.join(dir, "content")
}

export type Entry = Record<string, unknown>
export type List = { items: Entry[] }
export type Entries = Entry[]

export function edit<T>(dir: string, file: string, change: (data: T) => void): void {
  const full = path.join(dir, file)
  const data = JSON.parse(fs.readFileSync(full, "utf8")) as T
  change(data)
  fs.writeFileSync(full, JSON.stringify(data, null, 2))
}

/** The problems found after `change` on a fresh copy of the content. */
export async function problemsAfter(change: (dir: string) => void | Promise<void>): Promise<string[]> {
  const dir = copyOfContent()
  await change(dir)
  return validateContent(dir)
}

/** Replaces the first occurrence of `from` in a content file's text, as an editor's typo would. */
export function typo(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file)
  const text = fs.readFileSync(full, "utf8")
  expect(text).toContain(from)
  fs.writeFileSync(full, text.replace(from, to))
}
