/**
 * @jest-environment node
 *
 * A request of several garments (issue 46) as the owner reads it in the inbox, on the production
 * server with the studio's door in front and a real outbox: each garment under « Article N » with
 * its choices, indicative range, description and only its own photos, the total of the ranges;
 * the CSV counts the garments. A request of one garment keeps its « L'article » and « Photos ».
 */
import { writeFileSync } from "node:fs"
import path from "node:path"
import { buybackRange, rangeText, type BuybackGrid } from "../../src/contract/buyback-range"
import { Outbox } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import { readContent } from "../helpers/content"
import { JPEG, JPEG_2, tempDir } from "../helpers/estimate-server"
import { useLoggedInStudio } from "../helpers/studio-server"

jest.setTimeout(60_000)
// The served inbox reads the outbox of this process's leads service, built from LEADS_DIR.
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const outbox = new Outbox(LEADS_DIR)

const photo = (number: number, name: string, bytes: Buffer) => ({ file: `photo-${number}.jpg`, name, type: "image/jpeg", size: bytes.length })
const SEVERAL: Lead = {
  id: "20261128-1030-K7Q2MX",
  kind: "estimate",
  created_at: "2026-11-28T10:30:00.000Z",
  email: "claire@exemple.fr",
  description: "Polo blanc",
  item: { brand: "Lacoste", category: "Polo" },
  photos: [photo(1, "polo.jpg", JPEG), photo(2, "pull-face.jpg", JPEG_2), photo(3, "pull-dos.jpg", JPEG)],
  garments: [
    { brand: "Lacoste", category: "Polo", description: "Polo blanc", photos: ["photo-1.jpg"] },
    { brand: "Ralph Lauren", category: "Pull", condition: "Très bon état", description: "Pull <b>marine</b>", photos: ["photo-2.jpg", "photo-3.jpg"] },
  ],
}
const ONE: Lead = { ...SEVERAL, id: "20261128-1031-ABCDEF", photos: [photo(1, "polo.jpg", JPEG)], garments: [{ ...SEVERAL.garments![0]! }] }

/** The grid the site shows today, as the inbox reads it. */
const grid = readContent<{ grid: BuybackGrid }>("buyback").grid
const session = useLoggedInStudio()
beforeAll(async () => {
  for (const [lead, photos] of [
    [SEVERAL, [JPEG, JPEG_2, JPEG]],
    [ONE, [JPEG]],
  ] as const) {
    const staging = await outbox.staging()
    photos.forEach((bytes, index) => writeFileSync(path.join(staging, `photo-${index + 1}.jpg`), bytes))
    await outbox.commit(staging, lead)
  }
})

const page = async (address: string) => {
  const answer = await fetch(`${session.studio.base}/admin/demandes/${address}`, { headers: { Cookie: session.cookie } })
  expect(answer.status).toBe(200)
  return answer.text()
}
/** The HTML between an element's opening marker and the next marker (or the end). */
const between = (html: string, from: string, to: string) => html.slice(html.indexOf(from), to ? html.indexOf(to, html.indexOf(from)) : undefined)

test("each garment under « Article N » with its choices, range, description and only its photos; the total of the ranges", async () => {
  const html = await page(SEVERAL.id)
  expect(html).toContain('<h2 id="articles">Les articles (2)</h2>')
  const polo = buybackRange(grid, { brand: "Lacoste", category: "Polo" })!
  const pull = buybackRange(grid, { brand: "Ralph Lauren", category: "Pull", condition: "Très bon état" })!
  // The page is typeset in French: a no-break space before « : ».
  expect(html).toContain(`Total indicatif\u00a0: ${rangeText({ low: polo.low + pull.low, high: polo.high + pull.high })}`)
  const first = between(html, 'id="article-1"', 'id="article-2"')
  const second = between(html, 'id="article-2"', "</ol>")
  expect(first).toContain("<dd>Lacoste</dd>")
  expect(first).toContain(rangeText(polo))
  expect(first).toContain("Photo 1 : polo.jpg")
  expect(first).not.toContain("pull-face.jpg")
  expect(second).toContain("<dd>Ralph Lauren</dd>")
  expect(second).toContain("<dd>Très bon état</dd>")
  // The seller's text is shown, never run.
  expect(second).toContain("Pull &#60;b&#62;marine&#60;/b&#62;")
  expect(second).toContain("Photo 2 : pull-face.jpg")
  expect(second).toContain("Photo 3 : pull-dos.jpg")
  expect(second).not.toContain("polo.jpg")
  expect(second).toContain(`/admin/demandes/${SEVERAL.id}/apercus/photo-3.jpg`)
  // No second listing of the same photos.
  expect(html).not.toContain('<h2 id="photos">')
})

test("a request of one garment reads as before: « L'article » and « Photos »", async () => {
  const html = await page(ONE.id)
  expect(html).not.toContain('id="articles"')
  expect(html).toContain(`<h2 id="article">L'article</h2>`)
  expect(html).toContain('<h2 id="photos">Photos (1)</h2>')
})

test("the CSV counts each request's garments", async () => {
  const answer = await fetch(`${session.studio.base}/admin/demandes/export.csv`, { headers: { Cookie: session.cookie } })
  const rows = (await answer.text()).trim().split("\r\n")
  expect(rows[0]).toContain("Nom;Articles;Montant (€);Marque")
  // No offer yet: no amount.
  expect(rows.find((line) => line.startsWith(SEVERAL.id))).toContain(";claire@exemple.fr;;2;;Lacoste;Polo;")
  expect(rows.find((line) => line.startsWith(ONE.id))).toContain(";claire@exemple.fr;;1;;Lacoste;Polo;")
})
