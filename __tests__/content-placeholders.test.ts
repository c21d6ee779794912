/**
 * @jest-environment node
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { placeholderWarnings } from "../build-steps/content/placeholders"
import { validateContent } from "../build-steps/content/validate"
import { CONTENT, copyOfContent, edit } from "./helpers/content-copy"

const ROOT = path.resolve(__dirname, "..")
type Legal = { publisher: Record<string, string>; host: Record<string, string>; privacy: Array<{ title: string; paragraphs: string[] }> }

describe("the « [À COMPLÉTER : …] » placeholders", () => {
  it("are valid content, each named as a French warning with its file and field", async () => {
    expect(await validateContent(CONTENT)).toEqual([])
    const warnings = placeholderWarnings(CONTENT)
    expect(warnings).toContain(
      "content/legal.json › publisher.registration : à compléter avant la mise en ligne (« [À COMPLÉTER : numéro SIRET et RCS, par exemple SIRET 123 456 789 00012 – RCS Paris] »)",
    )
    expect(warnings.some((line) => line.startsWith("content/legal.json › host.name : "))).toBe(true)
  })

  it("are no longer named once the owner has filled them in", () => {
    const dir = copyOfContent()
    edit<Legal>(dir, "legal.json", (legal) => {
      legal.publisher = { ...legal.publisher, name: "Maxime Martin", registration: "SIRET 123 456 789 00012 – RCS Lyon", vat: "" }
    })
    const warnings = placeholderWarnings(dir)
    expect(warnings.filter((line) => /publisher\.(name|registration|vat) /.test(line))).toEqual([])
    expect(warnings.some((line) => line.startsWith("content/legal.json › publisher.address : "))).toBe(true)
  })

  it("npm run check:content prints them but succeeds", async () => {
    const dir = copyOfContent()
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/check-content.ts", dir], { cwd: ROOT })
    expect(stderr).toMatch(/^À compléter \(\d+ champ\(s\)\) :\n {2}- content\/buyback\.json › sale\.address : à compléter avant la mise en ligne/)
    expect(stderr).toContain("\n  - content/legal.json › publisher.name : à compléter avant la mise en ligne")
    expect(stdout).toContain("Contenu valide")
  }, 30_000)

  it("an e-mail that is neither an address nor a placeholder is refused, in French", async () => {
    const dir = copyOfContent()
    edit<Legal>(dir, "legal.json", (legal) => {
      legal.publisher.email = "contact chez boutique.fr"
    })
    expect(await validateContent(dir)).toEqual([
      expect.stringMatching(
        /^content\/legal\.json › publisher\.email : format incorrect \(reçu "contact chez boutique\.fr"\) — Adresse e-mail de contact, par exemple contact@exemple\.fr/,
      ),
    ])
  })
})
