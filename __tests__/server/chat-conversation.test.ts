/**
 * @jest-environment node
 *
 * POST /api/chat as a conversation (issue #28): the optional `history` field, follow-ups
 * answered against it, English said once, brands and garments the shop has not, and the
 * buy-back range shared with the estimate form.
 */
import buyback from "../../content/buyback.json"
import chatContent from "../../content/chat.json"
import { buybackRange, rangeText } from "../../src/contract/buyback-range"
import { handleChat } from "../../src/server/chat/handler"

const post = (body: unknown) => handleChat({ method: "POST", contentType: "application/json", body: JSON.stringify(body) })
const say = (message: string, history?: unknown) => {
  const response = post({ message, user_name: "Utilisateur anonyme", user_email: null, ...(history === undefined ? {} : { history }) })
  expect(response.status).toBe(200)
  return (response.body as { bot_response: string }).bot_response
}
const visitor = (text: string) => ({ from: "visitor", text })
const maxai = (text: string) => ({ from: "maxai", text })

describe("POST /api/chat: history", () => {
  it("answers a follow-up against what was just discussed", () => {
    // Alone, the same words filter the whole catalogue.
    expect(say("et en taille L ?")).toMatch(/^Nous avons déjà vendu 3 articles en taille L/)
    expect(say("et en taille L ?", [visitor("des pulls ?"), maxai("Nous avons déjà vendu 3 pulls…")])).toMatch(/^Pull col V en laine marine Lacoste : taille L/)
    expect(say("et le moins cher ?", [visitor("vous avez du lacoste ?")])).toMatch(
      /^Casquette logo crocodile Lacoste : taille Unique, très bon état, 28,00\u00a0€/,
    )
    expect(say("il est encore dispo ?", [visitor("le polo vert il fait quelle taille")])).toMatch(/^Polo Sport vert bouteille Lacoste : taille XL.*déjà vendue/)
    // A new brand keeps the category just discussed.
    expect(say("et chez ralph lauren ?", [visitor("des chemises tommy ?")])).toMatch(/^Nous avons déjà vendu 1 chemise Ralph Lauren : Chemise Oxford bleu ciel/)
  })

  it("refuses a malformed history with a French 400, and takes an empty or null one as none", () => {
    const tooMany = Array.from({ length: 11 }, () => visitor("des pulls ?"))
    for (const history of [tooMany, "des pulls", [{ from: "robot", text: "x" }], [visitor("x".repeat(2001))], [{ from: "visitor" }]]) {
      const response = post({ message: "et en L ?", history })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ error: "invalid_history", message: expect.stringContaining("« history »") })
    }
    expect(post({ message: "bonjour", history: [] }).status).toBe(200)
    expect(post({ message: "bonjour", history: null }).status).toBe(200)
  })
})

describe("POST /api/chat: what the shop does not have, English, the buy-back range", () => {
  it("answers a brand it does not take, naming the ones it does", () => {
    expect(say("vous reprenez les vetements H&M ?")).toBe(
      "Nous ne rachetons ni ne vendons de H&M : nous travaillons uniquement avec Lacoste, Ralph Lauren, Tommy Hilfiger et Lancaster, des marques que notre IA sait authentifier.",
    )
  })

  it("answers an absent category as absent, with what exists", () => {
    expect(say("vous avez des robes ?")).toMatch(/^Nous n'avons pas de robes pour l'instant\. Nous proposons des polos, chemises, pulls/)
  })

  it("understands English, answers in French and says so once per conversation", () => {
    const { note } = chatContent.understanding.english
    const first = say("do you sell Lacoste caps?")
    expect(first).toMatch(new RegExp(`^${note.replace(/[()]/g, "\\$&")} Casquette logo crocodile Lacoste`))
    expect(say("and the price?", [visitor("do you sell Lacoste caps?"), maxai(first)])).not.toContain(note)
  })

  it("gives the form's own range for « combien vous me rachetez un polo Lacoste ? »", () => {
    const range = buybackRange(buyback.grid, { brand: "Lacoste", category: "Polo" })
    expect(range).not.toBeNull()
    expect(say("combien vous me rachetez un polo Lacoste ?")).toContain(`notre estimation indicative est de ${rangeText(range!)}`)
    expect(buybackRange(buyback.grid, { brand: "Zara", category: "Polo" })).toBeNull()
  })
})
