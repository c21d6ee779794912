/**
 * One set of rules before every save (docs/studio.md#one-set-of-rules-before-every-save): a change the studio asks for (content
 * files, new photos, deleted photos) is applied to a COPY of content/, checked there by the
 * build's own validator (build-steps/content/validate.ts: schemas, cross-file rules, photos),
 * and written to content/ only when the build would accept the result. Refused, nothing is
 * written and the owner reads the validator's French lines. Saves run one at a time, in the
 * order they came. Written, each is committed (history.ts); a commit or a write that fails
 * after the first one throws history.ts's UnrecordedSave: never reported done.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { diskReader } from "../../../build-steps/content/validate"
import { layoutLike } from "../../../build-steps/content/layout"
import { normalizeContent, type Json } from "../../../build-steps/content/normalize"
import { refusalText } from "../../../build-steps/content/report"
import { changeProblems } from "../../../build-steps/content/rules"
import { pixelsVerdict } from "../../../build-steps/content/photo-verdict"
import { overPixelLimit, photoSize } from "../photos/check"
import { commitSave, markUnrecorded } from "./history"
import { CONFLICT_WORDS, mergeSave, MergeConflict, sameJson } from "./merge"
import { namePhotosAfterItems } from "./photo-names"
import { Refusal } from "./paths"
import { writeFileAtomic } from "../files"

/** Absolute paths inside `<siteDir>/content/`, already confined (src/server/studio/paths.ts). */
export type Change = {
  /** `base`: the text the studio loaded and edited (./merge.ts), when it says. */
  readonly data?: ReadonlyArray<{ file: string; raw: string; base?: string }>
  readonly photos?: ReadonlyArray<{ file: string; bytes: Buffer }>
  readonly deleted?: ReadonlyArray<string>
  /** Who saves (the session's account) and Decap's commit message, for the repository's history. */
  readonly author: string
  readonly message: string
  /** Set by photo-names.ts: each new photo's reference (content-relative) → the one it was saved under. */
  readonly renamed?: ReadonlyMap<string, string>
}

let queue: Promise<unknown> = Promise.resolve()

/** Into the throwaway copy that is checked: no need to be atomic or durable there. */
function writeStaged(file: string, bytes: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, bytes)
}

/** Into content/: whole or not at all, and durable (../files.ts), its folder made if new. */
async function writeForGood(file: string, bytes: string | Buffer): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  await writeFileAtomic(file, bytes)
}

function parsed(file: string, raw: string): Json {
  try {
    return JSON.parse(raw) as Json
  } catch {
    throw new Refusal(400, "invalid_json", `${path.basename(file)} : le studio a envoyé un contenu illisible ; rien n'a été enregistré.`)
  }
}

/**
 * The text a data file will have: parsed, normalized, merged with the file's newer version when
 * it changed since `base` was loaded (./merge.ts; refused when both changed the same field), laid
 * out like the file it replaces.
 */
function newText(file: string, raw: string, base: string | undefined): string {
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : ""
  let data = normalizeContent(parsed(file, raw))
  if (base !== undefined && old !== "") {
    const loaded = normalizeContent(parsed(file, base))
    const now = normalizeContent(parsed(file, old))
    try {
      if (!sameJson(loaded, now)) data = normalizeContent(mergeSave(loaded, now, data))
    } catch (error) {
      if (!(error instanceof MergeConflict)) throw error
      throw new Refusal(409, "edited_elsewhere", CONFLICT_WORDS)
    }
  }
  return layoutLike(old, data)
}

async function check(siteDir: string, change: Change, texts: Map<string, string>): Promise<void> {
  const content = path.join(siteDir, "content")
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-studio-save-"))
  const staged = (file: string) => path.join(staging, "content", path.relative(content, file))
  try {
    fs.cpSync(content, path.join(staging, "content"), { recursive: true })
    for (const { file, bytes } of change.photos ?? []) writeStaged(staged(file), bytes)
    for (const [file, text] of texts) writeStaged(staged(file), text)
    for (const file of change.deleted ?? []) fs.rmSync(staged(file), { force: true })
    const added = (change.photos ?? []).map(({ file }) => path.relative(content, file).split(path.sep).join("/"))
    const problems = await changeProblems(diskReader(path.join(staging, "content")), added)
    if (problems.length > 0) {
      throw new Refusal(422, "content_refused", refusalText(problems))
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * A new photo larger than MAX_PHOTO_PIXELS by its header (../photos/check.ts: nothing is
 * decoded) is refused before the save waits for its turn: a pixel bomb never holds up the saves
 * behind it, nor costs a copy of content/ (check() would refuse it too, with the same sentence).
 */
async function refuseOversized(siteDir: string, change: Change): Promise<void> {
  const problems: string[] = []
  for (const { file, bytes } of change.photos ?? []) {
    const size = await photoSize(bytes)
    if (size && overPixelLimit(size)) problems.push(pixelsVerdict(size, path.relative(siteDir, file).split(path.sep).join("/")))
  }
  if (problems.length > 0) throw new Refusal(422, "content_refused", refusalText(problems))
}

/**
 * Names the change's new photos after their items (photo-names.ts), checks it on a copy, then
 * writes it (photos, then files, then deletions) and commits it; throws a Refusal otherwise.
 * Returns the change as written (its photos' final names in `renamed`).
 */
export async function applyChange(siteDir: string, asked: Change): Promise<Change> {
  await refuseOversized(siteDir, asked)
  const run = queue.then(async () => {
    const change = namePhotosAfterItems(path.join(siteDir, "content"), asked)
    const texts = new Map((change.data ?? []).map(({ file, raw, base }) => [file, newText(file, raw, base)] as const))
    await check(siteDir, change, texts)
    let wrote = false
    try {
      for (const { file, bytes } of change.photos ?? []) {
        await writeForGood(file, bytes)
        wrote = true
      }
      for (const [file, text] of texts) {
        await writeForGood(file, text)
        wrote = true
      }
      for (const file of change.deleted ?? []) {
        fs.rmSync(file, { force: true })
        wrote = true
      }
    } catch (error) {
      // Nothing written yet (each write is whole or nothing): the save simply failed.
      if (!wrote) throw error
      throw markUnrecorded(siteDir, "part", error)
    }
    await commitSave(siteDir, change.author, change.message)
    return change
  })
  queue = run.catch(() => undefined)
  return run
}

/** Commits what earlier saves left uncommitted (history.ts), in turn with the saves; throws UnrecordedSave when git fails again. */
export function commitPending(siteDir: string, author: string): Promise<boolean> {
  const run = queue.then(() => commitSave(siteDir, author, "Studio : modifications en attente"))
  queue = run.catch(() => undefined)
  return run
}
