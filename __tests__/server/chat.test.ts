import chatContent from "../../content/chat.json"
import { findAnswer, handleChat, normalize, type ChatContent } from "../../src/server/chat"

const answerOf = (id: string) => {
  const intent = chatContent.intents.find((candidate) => candidate.id === id)
  if (!intent) throw new Error(`intent ${id} absent de content/chat.json`)
  return intent.answer
}

const post = (body: unknown, contentType = "application/json") =>
  handleChat({ method: "POST", contentType, body: typeof body === "string" ? body : JSON.stringify(body) })

describe("POST /api/chat: answers", () => {
  it("answers a valid question with 200, the FAQ answer and no caching", () => {
    const response = post({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ bot_response: answerOf("rachat"), actions: [{ type: "estimate", label: "Faire estimer un article" }] })
    expect(response.headers["Cache-Control"]).toBe("no-store")
  })

  it("offers the estimate hand-off only on selling/estimate answers: other answers carry bot_response alone", () => {
    expect(post({ message: "Je voudrais vendre un polo Lacoste" }).body).toMatchObject({ actions: [{ type: "estimate", label: chatContent.estimateAction }] })
    expect(post({ message: "Comment se passe la livraison du colis ?" }).body).toEqual({ bot_response: answerOf("livraison") })
  })

  it("accepts a charset in the content type, a name, an email and no optional fields at all", () => {
    expect(post({ message: "prix ?", user_name: "Léa", user_email: "lea@example.fr" }, "application/json; charset=utf-8").status).toBe(200)
    expect(post({ message: "prix ?" }).status).toBe(200)
  })

  it("matches keywords without regard to case or accents, in both directions", () => {
    expect(findAnswer("Quel est le DÉLAI de réponse ?")).toBe(answerOf("delai"))
    expect(findAnswer("quel est le delai")).toBe(answerOf("delai"))
    expect(findAnswer("Est-ce une CONTREFAÇON ?")).toBe(answerOf("authentification"))
    expect(findAnswer("Combien ça coûte ?")).toBe(answerOf("prix"))
  })

  it("matches whole words (with plural or feminine endings) but not words that merely start alike", () => {
    expect(findAnswer("Vos pièces sont-elles authentifiées ?")).toBe(answerOf("authentification"))
    expect(findAnswer("Quelles marques ?")).toBe(answerOf("marques"))
    expect(findAnswer("vraiment")).toBe(chatContent.fallback)
    expect(findAnswer("prixmini")).toBe(chatContent.fallback)
  })

  it("finds digits glued to letters and multi-word keywords", () => {
    expect(findAnswer("Réponse en 48h ?")).toBe(answerOf("delai"))
    // "combien" alone is about prices; "combien de temps" weighs three words and wins.
    expect(findAnswer("combien ?")).toBe(answerOf("prix"))
    expect(findAnswer("Combien de temps pour une estimation ?")).toBe(answerOf("delai"))
  })

  it("lets the intent with the most matching keywords win, the first listed on a tie", () => {
    expect(findAnswer("Bonjour, vous rachetez du Lacoste ? Je voudrais vendre et faire estimer")).toBe(answerOf("rachat"))
    expect(findAnswer("Bonjour, je veux vendre")).toBe(answerOf("rachat"))
  })

  it("falls back to the answer pointing to the estimate form", () => {
    const response = post({ message: "Quelle est la météo demain ?" })
    expect(response.body).toEqual({ bot_response: chatContent.fallback })
    expect(chatContent.fallback).toMatch(/formulaire/)
  })

  it.each(chatContent.intents.map((intent) => [intent.id, intent.keywords] as const))(
    "reaches the intent %s with each of its keywords alone",
    (id, keywords) => {
      for (const keyword of keywords) expect([keyword, findAnswer(keyword)]).toEqual([keyword, answerOf(id)])
    },
  )

  it("answers from the content it is given: an editor's new intent needs no code", () => {
    const content: ChatContent = { fallback: "Rien trouvé.", estimateAction: "Estimer", intents: [{ id: "horaires", keywords: ["horaire", "ouvert"], answer: "Nous répondons 24/7." }] }
    expect(findAnswer("Êtes-vous OUVERTS le dimanche ?", content)).toBe("Nous répondons 24/7.")
    expect(findAnswer("Autre chose", content)).toBe("Rien trouvé.")
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

  it("refuses a body over the size limit with 413", () => {
    expectError(handleChat({ method: "POST", contentType: "application/json", body: null }), 413, "payload_too_large")
  })

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
