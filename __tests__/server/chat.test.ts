/** @jest-environment node */
import chatContent from "../../content/chat.json"
import shopsContent from "../../content/shops.json"
import { SECTION_ANCHORS } from "../../src/contract/chat"
import { decide } from "../../src/server/chat/answer"
import { ChatIndex } from "../../src/server/chat/search-index"
import { normalize } from "../../src/server/chat/text"
import { findAnswer, handleChat, siteContent } from "../../src/server/chat/handler"
import { EVAL_SET } from "../helpers/chat-eval"

const answerOf = (id: string) => {
  const intent = chatContent.intents.find((candidate) => candidate.id === id)
  if (!intent) throw new Error(`intent ${id} absent de content/chat.json`)
  return intent.answer
}

const post = (body: unknown, contentType = "application/json") =>
  handleChat({ method: "POST", contentType, body: typeof body === "string" ? body : JSON.stringify(body) })

const textOf = (message: string) => findAnswer(message).bot_response
const hrefsOf = (message: string) => (findAnswer(message).links ?? []).map((link) => link.href)
const shopUrl = (id: string) => shopsContent.items.find((shop) => shop.id === id)?.url

describe("POST /api/chat: answers", () => {
  it("answers a valid question with 200, the FAQ answer, its links and no caching", () => {
    const response = post({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      bot_response: answerOf("rachat"),
      links: [{ label: "Demander une estimation", href: "#rachat" }],
      actions: [{ type: "estimate", label: "Faire estimer un article" }],
    })
    expect(response.headers["Cache-Control"]).toBe("no-store")
  })

  it("answers each question the chat offers as a button with an intent of its own, never the fallback", () => {
    for (const question of chatContent.suggestions) expect([question, textOf(question)]).not.toEqual([question, chatContent.fallback])
    expect(textOf(chatContent.suggestions[0]!)).toBe(answerOf("authentification"))
  })

  it("leaves links and actions out of an answer that has none", () => {
    expect(post({ message: "Bonjour" }).body).toEqual({ bot_response: answerOf("salutation") })
  })

  it("offers the estimate hand-off only on selling/estimate answers", () => {
    expect(post({ message: "Je voudrais vendre un polo Lacoste" }).body).toMatchObject({ actions: [{ type: "estimate", label: chatContent.estimateAction }] })
    expect(post({ message: "Comment se passe la livraison du colis ?" }).body).not.toHaveProperty("actions")
  })

  it("accepts a charset in the content type, a name, an email and no optional fields at all", () => {
    expect(post({ message: "prix ?", user_name: "Léa", user_email: "lea@example.fr" }, "application/json; charset=utf-8").status).toBe(200)
    expect(post({ message: "prix ?" }).status).toBe(200)
  })

  it("names the sold items, their prices and the shop for the issue's questions", () => {
    expect(textOf("Vous avez des pulls Tommy ?")).toBe(
      "Pull col rond rouge Tommy Hilfiger : taille S, bon état, 45,00\u00a0€. Cette pièce est déjà vendue. Les pièces disponibles sont en vente sur notre boutique Vinted « maxAi Officiel ».",
    )
    expect(textOf("combien pour un polo lacost ?")).toMatch(
      /^Nous avons déjà vendu 2 polos Lacoste, de 42,00\u00a0€ à 45,00\u00a0€ : Polo L\.12\.12 blanc classique \(45,00\u00a0€, taille M\) et Polo Sport vert bouteille \(42,00\u00a0€, taille XL\)\./,
    )
    expect(textOf("ralf loren chemise")).toMatch(/Chemise Oxford bleu ciel Ralph Lauren : taille M, très bon état, 55,00\u00a0€/)
    expect(textOf("le sac Lancaster est encore dispo ?")).toMatch(/Sac seau en cuir camel \(125,00\u00a0€\).*« maxAi Premium »/)
    expect(hrefsOf("le sac Lancaster est encore dispo ?")).toEqual(["#galerie", shopUrl("maxai-premium")])
    expect(hrefsOf("Vous avez des pulls Tommy ?")).toEqual(["#galerie", shopUrl("maxai-officiel")])
  })

  it("gives the price range of a brand or category from the content", () => {
    expect(textOf("vos prix pour du Ralph Lauren ?")).toMatch(
      /4 articles Ralph Lauren, de 35,00\u00a0€ à 89,00\u00a0€ : Polo Custom Fit bleu marine \(52,00\u00a0€, taille L\), Chemise Oxford/,
    )
    expect(textOf("les accessoires ?")).toMatch(/3 accessoires, de 28,00\u00a0€ à 39,00\u00a0€ : Casquette logo crocodile Lacoste/)
  })

  it("fills the price range of all sold items into an answer that asks for it", () => {
    expect(answerOf("prix")).toContain("{fourchette_prix}")
    expect(textOf("vos tarifs ?")).toBe(answerOf("prix").replace("{fourchette_prix}", "entre 28,00\u00a0€ et 125,00\u00a0€"))
    const base = siteContent()
    const dearer = { ...base, items: base.items.map((item) => (item.id === 11 ? { ...item, price: 140 } : item)) }
    expect(findAnswer("vos tarifs ?", dearer).bot_response).toContain("entre 28,00\u00a0€ et 140,00\u00a0€")
  })

  it("says when nothing of a brand and category was sold, and where to look or sell", () => {
    const answer = findAnswer("Vous avez des chemises Lancaster ?")
    expect(answer.bot_response).toMatch(
      /^Nous n'avons pas encore vendu de chemises Lancaster\. Les pièces disponibles sont en vente sur notre boutique Vinted « maxAi Premium »\./,
    )
    expect(answer.links?.map((link) => link.href)).toEqual([shopUrl("maxai-premium"), "#rachat"])
  })

  it("folds case and accents and tolerates typos in both directions", () => {
    expect(textOf("Quel est le DÉLAI de réponse ?")).toBe(answerOf("delai"))
    expect(textOf("quel est le delai")).toBe(answerOf("delai"))
    expect(textOf("Est-ce une CONTREFAÇON ?")).toBe(answerOf("authentification"))
    expect(textOf("Vos pièces sont-elles authentifiées ?")).toBe(answerOf("authentification"))
    expect(textOf("LANCASTRE pochette")).toMatch(/Pochette en cuir noir/)
  })

  it("answers a service question about a brand with the service, not the catalogue", () => {
    expect(textOf("Comment authentifiez-vous un polo Lacoste ?")).toBe(answerOf("authentification"))
    // Selling a named brand and category: the buy-back form's own indicative range (content/buyback.json › grid).
    expect(textOf("Bonjour, je veux vendre mon pull Tommy")).toMatch(
      /^Pour un pull Tommy Hilfiger, notre estimation indicative est de 11 à 23\u00a0€\. L'offre définitive suit l'examen de vos photos/,
    )
    expect(textOf("Bonjour, je veux vendre mon pull")).toBe(answerOf("rachat"))
  })

  it("keeps a keyword of several words whole: 'combien de temps' is a delay, 'combien' a price", () => {
    expect(textOf("combien ?")).toMatch(/^Nos articles sont vendus entre 28,00\u00a0€ et 125,00\u00a0€/)
    expect(textOf("Combien de temps pour une estimation ?")).toBe(answerOf("delai"))
  })

  it("answers from the buy-back cards, the engine facts and the shops too", () => {
    expect(textOf("c'est payant ?")).toMatch(/^Estimation gratuite : Sans engagement/)
    expect(textOf("quelles matieres vous reconnaissez")).toMatch(/^Matières Officielles Détectées : Coton piqué 100 %/)
    expect(findAnswer("c'est quoi la boutique premium ?").links).toContainEqual({ label: "maxAi Premium sur Vinted", href: shopUrl("maxai-premium") })
  })

  it("says it does not know yet, and how to reach a person, instead of an unrelated answer (issue #40)", () => {
    const response = post({ message: "Quelle est la météo demain ?" })
    expect(response.body).toEqual({ bot_response: chatContent.fallback, unanswered: true })
    expect(chatContent.fallback).toMatch(/^Je n'ai pas encore la réponse à cette question ; je la transmets à l'équipe\. .*« Mes infos »/)
    expect(textOf("prixmini")).toBe(chatContent.fallback)
    // Each of these got a confident, unrelated answer before: a buy-back card, the form, the shops, the engine's seams.
    for (const question of [
      "Acceptez-vous les paiements en bitcoin ?",
      "Proposez-vous un service de retouche des ourlets ?",
      "Vendez-vous des cartes cadeaux ?",
      "Organisez-vous des ateliers de couture ?",
      "Vous brodez des initiales sur les chemises ?",
    ])
      expect([question, textOf(question)]).toEqual([question, chatContent.fallback])
  })

  it.each(chatContent.intents.map((intent) => [intent.id, intent.keywords, intent.answerFromCatalogue === true] as const))(
    "reaches the intent %s with each of its keywords alone (or the catalogue, when the keyword names it)",
    (id, keywords, catalogueFirst) => {
      const index = new ChatIndex(siteContent())
      for (const keyword of keywords) {
        const decision = decide(index, keyword)
        const got = decision.kind === "knowledge" ? decision.doc.id : decision.kind
        expect([keyword, got]).toEqual([keyword, catalogueFirst && got === "catalogue" ? "catalogue" : `intent:${id}`])
      }
    },
  )

  it("links only to the three sections and the shops' pages, whatever the question", () => {
    const allowed = new Set<string>([...SECTION_ANCHORS, ...shopsContent.items.map((shop) => shop.url)])
    for (const { question } of EVAL_SET) {
      for (const link of findAnswer(question).links ?? []) {
        expect([question, link.label.length > 0, allowed.has(link.href)]).toEqual([question, true, true])
      }
    }
  })

  it("answers from the content it is given: an editor's new intent, word and synonym need no code", () => {
    const base = siteContent()
    const content = {
      ...base,
      chat: {
        fallback: "Rien trouvé.",
        intents: [{ id: "horaires", keywords: ["horaire", "ouvert", "dimanche"], answer: "Nous répondons 24/7." }],
        vocabulary: {
          brands: [{ brand: "Lacoste", words: ["lcst"] }],
          categories: [],
          words: [{ means: "horaire", words: ["h d ouverture"] }],
        },
      },
    }
    expect(findAnswer("Êtes-vous OUVERTS le dimanche ?", content).bot_response).toBe("Nous répondons 24/7.")
    expect(findAnswer("vos h d'ouverture ?", content).bot_response).toBe("Nous répondons 24/7.")
    expect(findAnswer("un pull lcst", content).bot_response).toMatch(/Pull col V en laine marine/)
    expect(findAnswer("Autre chose", content)).toEqual({ bot_response: "Rien trouvé.", unanswered: true })
    const cheaper = { ...base, items: base.items.map((item) => (item.id === 10 ? { ...item, price: 30 } : item)) }
    expect(findAnswer("pull tommy", cheaper).bot_response).toMatch(/Pull col rond rouge Tommy Hilfiger : taille S, bon état, 30,00\u00a0€/)
  })

  it("reads a long message boundedly: each word once, no 'word' over 30 letters, 40 words at most", () => {
    const { analyzer } = new ChatIndex(siteContent())
    expect(analyzer.question("pull ".repeat(400))).toEqual(["pull"])
    expect(analyzer.question(`${"a".repeat(2000)} sac`)).toEqual(["sac"])
    const many = Array.from({ length: 60 }, (_, position) => `mot${String.fromCharCode(97 + (position % 26))}${position}`).join(" ")
    expect(analyzer.question(many)).toHaveLength(40)
    // The answer still comes from what was read: the catalogue named at the start of a long message.
    expect(textOf(`Vous avez des pulls Tommy ? ${"blabla ".repeat(280)}`.slice(0, 2000))).toMatch(/Pull col rond rouge/)
  })

  it("normalises accents, ligatures, punctuation and case", () => {
    expect(normalize("  Œuvre d'ÉTÉ : 48h, tarifs !")).toBe("oeuvre d ete 48 h tarifs")
  })
})

describe("POST /api/chat: bad input is a JSON error, never a crash", () => {
  const expectError = (response: ReturnType<typeof handleChat>, status: number, code: string) => {
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: code, message: expect.any(String) })
    expect(response.headers["Cache-Control"]).toBe("no-store")
  }

  it.each(["GET", "PUT", "DELETE", "OPTIONS", "HEAD"])("refuses %s with 405 and Allow: POST", (method) => {
    const response = handleChat({ method, contentType: undefined, body: "" })
    expectError(response, 405, "method_not_allowed")
    expect(response.headers.Allow).toBe("POST")
  })

  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"], [undefined]])(
    "refuses the content type %s with 415",
    (contentType) => {
      expectError(handleChat({ method: "POST", contentType, body: '{"message":"prix"}' }), 415, "unsupported_media_type")
    },
  )

  it.each(['{"message": "prix"', "", "message=prix", "{'message': 'prix'}"])("refuses malformed JSON %j with 400", (body) => {
    expectError(post(body), 400, "invalid_json")
  })

  it.each([["null"], ["[]"], ['"prix"'], ["42"]])("refuses the JSON value %s, which is not an object, with 400", (body) => {
    expectError(post(body), 400, "invalid_body")
  })

  it.each([[{}], [{ message: "" }], [{ message: "   \n\t " }], [{ message: 42 }], [{ message: null }]])(
    "refuses a missing or blank message %j with 400",
    (body) => {
      expectError(post(body), 400, "message_required")
    },
  )

  it("accepts a message of 2000 characters and refuses 2001", () => {
    expect(post({ message: "a".repeat(2000) }).status).toBe(200)
    expectError(post({ message: "a".repeat(2001) }), 400, "message_too_long")
  })

  it("refuses a user_name that is not a string or is over 100 characters", () => {
    expect(post({ message: "prix", user_name: "n".repeat(100) }).status).toBe(200)
    expectError(post({ message: "prix", user_name: "n".repeat(101) }), 400, "invalid_user_name")
    expectError(post({ message: "prix", user_name: 7 }), 400, "invalid_user_name")
    expectError(post({ message: "prix", user_name: null }), 400, "invalid_user_name")
  })

  it.each(["", "pas-une-adresse", "a@b", "a @b.fr", "@exemple.fr", 12, false])("refuses the user_email %j", (email) => {
    expectError(post({ message: "prix", user_email: email }), 400, "invalid_user_email")
  })
})
