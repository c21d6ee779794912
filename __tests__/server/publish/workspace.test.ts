/**
 * @jest-environment node
 *
 * The publication's workspace (src/server/publish/workspace.ts) is kept in step with the
 * studio's content and the project's code without copying afresh what did not change: an
 * unchanged photo keeps its inode between publications, because gatsby-source-filesystem caches
 * a file's hash under its modification time and inode (an inode given to another photo with the
 * same time made the warm build re-encode most images into new folders).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { prepareWorkspace } from "../../../src/server/publish/workspace"

let root: string
let project: string
let content: string
let workspace: string

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "workspace-test-"))
  project = path.join(root, "project")
  content = path.join(root, "studio", "content")
  workspace = path.join(root, "publication", "workspace")
  mkdirSync(path.join(project, "src"), { recursive: true })
  writeFileSync(path.join(project, "package.json"), "{}")
  writeFileSync(path.join(project, "src", "page.tsx"), "export default 1\n")
  mkdirSync(path.join(content, "images", "items"), { recursive: true })
  writeFileSync(path.join(content, "sold-items.json"), '{"items":[]}')
  // Two photos written in the same second, as a checkout writes them.
  const sameTime = new Date("2026-11-28T10:00:00.123Z")
  for (const name of ["01-polo.jpg", "02-pull.jpg"]) {
    writeFileSync(path.join(content, "images", "items", name), `photo ${name}`)
    utimesSync(path.join(content, "images", "items", name), sameTime, sameTime)
  }
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

const inWorkspace = (...parts: string[]) => path.join(workspace, "content", ...parts)

test("a second publication leaves every unchanged file untouched (same inode, never rewritten), and brings what changed, was added or removed", async () => {
  await prepareWorkspace(project, content, workspace)
  const polo = statSync(inWorkspace("images", "items", "01-polo.jpg"))
  expect(Math.floor(polo.mtimeMs)).toBe(Math.floor(statSync(path.join(content, "images", "items", "01-polo.jpg")).mtimeMs))

  // The owner saves a price, replaces one photo and deletes another; a new folder appears.
  writeFileSync(path.join(content, "sold-items.json"), '{"items":[{"price":40}]}')
  rmSync(path.join(content, "images", "items", "02-pull.jpg"))
  mkdirSync(path.join(content, "images", "news"))
  writeFileSync(path.join(content, "images", "news", "a.jpg"), "news photo")
  await prepareWorkspace(project, content, workspace)

  // Not written again: the same inode, and no change of its inode's status (ctime) either.
  const after = statSync(inWorkspace("images", "items", "01-polo.jpg"))
  expect([after.ino, after.ctimeMs]).toEqual([polo.ino, polo.ctimeMs])
  expect(readFileSync(inWorkspace("sold-items.json"), "utf8")).toBe('{"items":[{"price":40}]}')
  expect(existsSync(inWorkspace("images", "items", "02-pull.jpg"))).toBe(false)
  expect(readFileSync(inWorkspace("images", "news", "a.jpg"), "utf8")).toBe("news photo")
  expect(readFileSync(path.join(workspace, "src", "page.tsx"), "utf8")).toBe("export default 1\n")
})

test("a file of the same size written later is copied again, with its new time", async () => {
  await prepareWorkspace(project, content, workspace)
  const later = new Date("2026-11-28T11:00:00Z")
  writeFileSync(path.join(content, "images", "items", "01-polo.jpg"), "photo 03-polo.jpg")
  utimesSync(path.join(content, "images", "items", "01-polo.jpg"), later, later)
  await prepareWorkspace(project, content, workspace)
  expect(readFileSync(inWorkspace("images", "items", "01-polo.jpg"), "utf8")).toBe("photo 03-polo.jpg")
  expect(statSync(inWorkspace("images", "items", "01-polo.jpg")).mtimeMs).toBe(later.getTime())
})

test("code the project no longer has leaves the workspace", async () => {
  await prepareWorkspace(project, content, workspace)
  rmSync(path.join(project, "src"), { recursive: true })
  await prepareWorkspace(project, content, workspace)
  expect(existsSync(path.join(workspace, "src"))).toBe(false)
  expect(existsSync(path.join(workspace, "package.json"))).toBe(true)
})
