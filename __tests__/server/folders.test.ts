/**
 * @jest-environment node
 *
 * The folders the server makes ready before it listens (src/server/host/folders.ts): an unusable
 * LEADS_DIR is a French reason not to start; a crash's leftovers in the upload folder are removed.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { prepareFolders, UPLOADS_FOLDER } from "../../src/server/host/folders"

const root = mkdtempSync(join(tmpdir(), "maxai-folders-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("prepareFolders", () => {
  it("creates LEADS_DIR and an empty upload folder, removing what a crash left there, and nothing else", () => {
    const leads = join(root, "leads")
    mkdirSync(join(leads, UPLOADS_FOLDER, "u-abc"), { recursive: true })
    writeFileSync(join(leads, UPLOADS_FOLDER, "u-abc", "0"), "half a photo")
    mkdirSync(join(leads, "20261123-2115-K7Q2MX"))
    expect(prepareFolders(leads)).toEqual({ uploadDir: join(leads, UPLOADS_FOLDER) })
    expect(readdirSync(join(leads, UPLOADS_FOLDER))).toEqual([])
    expect(existsSync(join(leads, "20261123-2115-K7Q2MX"))).toBe(true)
    expect(readdirSync(leads).sort()).toEqual([UPLOADS_FOLDER, "20261123-2115-K7Q2MX"].sort())
  })

  it("names LEADS_DIR in French when it cannot be a folder the server writes in", () => {
    const file = join(root, "a-file")
    writeFileSync(file, "")
    for (const unusable of [file, join(file, "leads")]) {
      expect(prepareFolders(unusable)).toEqual({
        problem: expect.stringMatching(/^LEADS_DIR \(.+\) est inutilisable : impossible d'y créer et d'y écrire des fichiers \(E[A-Z]+\)\.$/),
      })
    }
  })
})
