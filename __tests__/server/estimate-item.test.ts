/**
 * @jest-environment node
 *
 * The estimate form's optional item fields (brand, category, condition; issue #28) over real
 * HTTP: kept in the outbox and listed in the team's mail; a bad one is a French 400 that stores nothing.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { buybackGrid } from "../../src/server/content"
import { mailText } from "../../src/server/leads/owner-mail"
import { estimateForm, JPEG, post, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"

let server: EstimateServer
beforeEach(async () => {
  server = await startEstimateServer(testConfig())
})
afterEach(() => server.close())

const stored = () => readdirSync(server.service.settings.dir).filter((name) => !name.startsWith("."))
const photo = [{ name: "face.jpg", bytes: JPEG }]

test("brand, category and condition travel with the request into the outbox and the mail", async () => {
  const item = { brand: "Lacoste", category: "Polo", condition: "Très bon état" }
  const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr", ...item }, photo))
  expect(answer.status).toBe(201)
  const lead = JSON.parse(readFileSync(path.join(server.service.settings.dir, answer.json.id!, "lead.json"), "utf8"))
  expect(lead.item).toEqual(item)
  // The team's mail names the garment with the grid's indicative range (content/buyback.json: 44 € × 50 % × 0,65–0,85).
  expect(mailText(lead, [], buybackGrid())).toContain("Article :\nLacoste · Polo · Très bon état — estimation indicative 14 à 19\u00a0€ — 1 photo")
})

test("without them the request is as before, and « Autre marque » alone is kept", async () => {
  const plain = await post(server.url, estimateForm({ email: "claire@exemple.fr", brand: "  " }, photo))
  expect(plain.status).toBe(201)
  const lead = JSON.parse(readFileSync(path.join(server.service.settings.dir, plain.json.id!, "lead.json"), "utf8"))
  expect(lead.item).toBeUndefined()
  expect(mailText(lead, [], buybackGrid())).toContain("Article :\nmarque et catégorie non précisées — 1 photo")
  const other = await post(server.url, estimateForm({ email: "claire@exemple.fr", brand: "Autre marque" }, photo))
  const otherLead = JSON.parse(readFileSync(path.join(server.service.settings.dir, other.json.id!, "lead.json"), "utf8"))
  expect(otherLead.item).toEqual({ brand: "Autre marque" })
})

test.each([
  ["too long", { category: "x".repeat(101) }, "invalid_item_field", "Le champ « category » doit faire au plus 100 caractères."],
  ["a line break", { brand: "Lacoste\r\nBcc: x@exemple.fr" }, "line_break_refused", "Le champ « brand » ne doit pas contenir de retour à la ligne."],
])("an item field with %s is refused in French and nothing is stored", async (_case, fields, error, message) => {
  const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr", ...fields }, photo))
  expect(answer.status).toBe(400)
  expect(answer.json).toMatchObject({ error, message })
  expect(stored()).toEqual([])
})
