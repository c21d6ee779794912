/**
 * @jest-environment node
 *
 * Several garments in one estimate request (issue 46) over the real handler and HTTP: each
 * garment's choices, description and own photos are kept in lead.json `garments` (with the fields
 * written before, for every other reader), the team's mail lists each garment; a request posted
 * the old way is one garment; 11 garments, a garment without a photo or with a 5th photo are
 * refused in French naming the garment, and nothing is stored.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { garmentField, garmentPhotosField } from "../../src/contract/estimate"
import { leadGarments } from "../../src/contract/garments"
import { groupGarments } from "../../src/server/estimate/garments"
import { mailText } from "../../src/server/leads/owner-mail"
import { estimateForm, JPEG, JPEG_2, PNG, post, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"

let server: EstimateServer
beforeEach(async () => {
  server = await startEstimateServer(testConfig())
})
afterEach(() => server.close())

const stored = () => readdirSync(server.service.settings.dir).filter((name) => !name.startsWith("."))
const readLead = (id: string) => JSON.parse(readFileSync(path.join(server.service.settings.dir, id, "lead.json"), "utf8"))

type Garment = { brand?: string; category?: string; condition?: string; description?: string; photos: Array<{ name: string; bytes: Buffer; type?: string }> }

/** The form as the page sends it: garment N's fields and photos under its index. */
function garmentsForm(garments: Garment[], email = "claire@exemple.fr"): FormData {
  const form = new FormData()
  form.append("email", email)
  for (const [index, { photos, ...text }] of garments.entries()) {
    for (const [field, value] of Object.entries(text)) form.append(garmentField(index, field as "brand"), value)
    for (const photo of photos)
      form.append(garmentPhotosField(index), new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name)
  }
  return form
}

test("three garments with their photos: each keeps its choices, description and own photos, the mail lists each", async () => {
  const answer = await post(
    server.url,
    garmentsForm([
      { brand: "Lacoste", category: "Polo", condition: "Très bon état", description: "Polo blanc\ntaille M", photos: [{ name: "polo.jpg", bytes: JPEG }] },
      {
        brand: "Ralph Lauren",
        category: "Pull",
        photos: [
          { name: "pull-face.jpg", bytes: JPEG_2 },
          { name: "pull-dos.png", bytes: PNG, type: "image/png" },
        ],
      },
      { description: "Chemise sans marque visible", photos: [{ name: "chemise.jpg", bytes: JPEG }] },
    ]),
  )
  expect(answer.status).toBe(201)
  const lead = readLead(answer.json.id!)
  expect(lead.garments).toEqual([
    { brand: "Lacoste", category: "Polo", condition: "Très bon état", description: "Polo blanc\ntaille M", photos: ["photo-1.jpg"] },
    { brand: "Ralph Lauren", category: "Pull", photos: ["photo-2.jpg", "photo-3.png"] },
    { description: "Chemise sans marque visible", photos: ["photo-4.jpg"] },
  ])
  // What every reader of a request written before still finds: all photos, the first garment's item and description.
  expect(lead.photos.map((photo: { file: string; name: string }) => [photo.file, photo.name])).toEqual([
    ["photo-1.jpg", "polo.jpg"],
    ["photo-2.jpg", "pull-face.jpg"],
    ["photo-3.png", "pull-dos.png"],
    ["photo-4.jpg", "chemise.jpg"],
  ])
  expect(lead.item).toEqual({ brand: "Lacoste", category: "Polo", condition: "Très bon état" })
  expect(lead.description).toBe("Polo blanc\ntaille M")
  const dir = path.join(server.service.settings.dir, answer.json.id!)
  expect(readFileSync(path.join(dir, "photo-3.png")).equals(PNG)).toBe(true)
  expect(leadGarments(lead)).toEqual(lead.garments)

  // The team's mail: each garment numbered with its choices and its own photos' count, its description under it.
  const mail = mailText(lead)
  expect(mail).toContain("Articles (3) :")
  expect(mail).toContain("\n1. Lacoste · Polo · Très bon état — 1 photo\n   Polo blanc\n   taille M\n")
  expect(mail).toContain("\n2. Ralph Lauren · Pull — 2 photos\n3. ")
  expect(mail).toContain("\n3. marque et catégorie non précisées — 1 photo\n   Chemise sans marque visible\n")
  expect(mail).not.toContain("Description : (aucune)")
  expect(mail).toContain("Photos jointes : 4")
})

test("a request posted the old way (fields without an index) is one garment with all its photos", async () => {
  const answer = await post(
    server.url,
    estimateForm({ email: "claire@exemple.fr", brand: "Lacoste", category: "Polo", description: "Polo vert" }, [
      { name: "a.jpg", bytes: JPEG },
      { name: "b.jpg", bytes: JPEG_2 },
    ]),
  )
  expect(answer.status).toBe(201)
  const lead = readLead(answer.json.id!)
  expect(lead.garments).toEqual([{ brand: "Lacoste", category: "Polo", description: "Polo vert", photos: ["photo-1.jpg", "photo-2.jpg"] }])
  // One garment: not numbered, « Article : » with its choices, its photos and its description.
  const mail = mailText(lead)
  expect(mail).not.toContain("Articles")
  expect(mail).toContain("\nArticle :\nLacoste · Polo — 2 photos\n   Polo vert\n")
  expect(mail).toContain("Photos jointes : 2")
})

test("ten garments are accepted, an eleventh is refused in French and nothing is stored", async () => {
  const garment = (index: number): Garment => ({ description: `Article ${index}`, photos: [{ name: `p${index}.jpg`, bytes: JPEG }] })
  const eleven = await post(server.url, garmentsForm(Array.from({ length: 11 }, (_, index) => garment(index))))
  expect(eleven.status).toBe(400)
  expect(eleven.json).toEqual({
    error: "too_many_garments",
    message: "Une demande compte 10 articles au maximum : envoyez les autres dans une deuxième demande.",
  })
  expect(stored()).toEqual([])
  const ten = await post(server.url, garmentsForm(Array.from({ length: 10 }, (_, index) => garment(index))))
  expect(ten.status).toBe(201)
  expect(readLead(ten.json.id!).garments).toHaveLength(10)
})

test("a garment without a photo, or with a 5th one, is refused naming it, with every problem at once", async () => {
  const answer = await post(
    server.url,
    garmentsForm([
      { brand: "Lacoste", photos: [{ name: "a.jpg", bytes: JPEG }] },
      { brand: "Ralph Lauren", description: "Pull marine", photos: [] },
      { photos: Array.from({ length: 5 }, (_, index) => ({ name: `p${index}.jpg`, bytes: JPEG_2 })) },
    ]),
  )
  expect(answer.status).toBe(400)
  expect(answer.json).toEqual({ error: "photos_required", message: "Article 2 : ajoutez au moins une photo. Article 3 : 4 photos au maximum par article." })
  expect(stored()).toEqual([])
})

test("a field of one garment too long is refused naming the garment", async () => {
  const answer = await post(
    server.url,
    garmentsForm([{ photos: [{ name: "a.jpg", bytes: JPEG }] }, { category: "x".repeat(101), photos: [{ name: "b.jpg", bytes: JPEG }] }]),
  )
  expect(answer.status).toBe(400)
  expect(answer.json).toEqual({ error: "invalid_item_field", message: "Article 2 : le champ « category » doit faire au plus 100 caractères." })
  expect(stored()).toEqual([])
})

test("grouping: blank garments are not garments, an indexed value wins over the old field, an index past 10 is reported", () => {
  const photo = (field: string) => ({ field })
  expect(
    groupGarments({ brand: "Lacoste", "garments[0][brand]": "Ralph Lauren", "garments[1][brand]": " ", "garments[2][description]": "Pull" }, [
      photo("photos"),
      photo("photos[2]"),
      photo("autre"),
    ]),
  ).toEqual({
    ok: true,
    garments: [
      { index: 0, text: { brand: "Ralph Lauren" }, photos: [photo("photos")] },
      { index: 2, text: { description: "Pull" }, photos: [photo("photos[2]")] },
    ],
  })
  expect(groupGarments({}, [photo("photos[10]")])).toEqual({ ok: false, reason: "too-many-garments" })
  expect(groupGarments({ "garments[10][brand]": "Lacoste" }, [])).toEqual({ ok: false, reason: "too-many-garments" })
})
