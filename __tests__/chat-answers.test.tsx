import { act, screen, waitFor, within } from "@testing-library/react"
import { ask, conversation, ERRORS, fetchMock, messageField, openChat, serverReply, setup } from "./helpers/chat"
import shopsContent from "../content/shops.json"

describe("maxAi chat: error messages", () => {
  it.each([
    ["the server answers 500", () => fetchMock.mockResolvedValueOnce(serverReply(500, JSON.stringify({ bot_response: "ignoré" }))), ERRORS.notOk],
    ["the server answers 400", () => fetchMock.mockResolvedValueOnce(serverReply(400, "{}")), ERRORS.notOk],
    ["the network fails", () => fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")), ERRORS.network],
    ["the answer has no bot_response", () => fetchMock.mockResolvedValueOnce(serverReply(200, "{}")), ERRORS.noAnswer],
    ["the answer is not JSON", () => fetchMock.mockResolvedValueOnce(serverReply(200, "<html>oups</html>")), ERRORS.noAnswer],
    ["bot_response is not text", () => fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: 42 }))), ERRORS.noAnswer],
  ])("says the right thing when %s", async (_case, arrange, expected) => {
    arrange()
    const user = setup()
    await openChat(user)
    await ask(user, "Bonjour")
    expect(await within(conversation()).findByText(expected)).toBeInTheDocument()
    expect(messageField()).toBeEnabled()
  })

  it("gives up after 15 seconds without an answer, as a connection problem", async () => {
    jest.useFakeTimers()
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")))),
    )
    const user = setup({ fakeTimers: true })
    await openChat(user)
    await ask(user, "prix")
    await act(async () => {
      jest.advanceTimersByTime(14_900)
    })
    expect(screen.getByText("maxAi écrit…")).toBeInTheDocument()
    expect(screen.queryByText(ERRORS.network)).not.toBeInTheDocument()
    await act(async () => {
      jest.advanceTimersByTime(200)
    })
    expect(within(conversation()).getByText(ERRORS.network)).toBeInTheDocument()
    expect(messageField()).toBeEnabled()
  })
})

describe("maxAi chat: French typography", () => {
  it("shows an answer typed with ordinary spaces with no-break ones, so « ? » and « : » never start a line", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Vous avez un polo ? Comptez ceci : 30 €." })))
    const user = setup()
    await openChat(user)
    await ask(user, "prix")
    const text = await within(conversation()).findByText(/Vous avez un polo/)
    expect(text.textContent).toContain("Vous avez un polo\u202f? Comptez ceci\u00a0: 30\u00a0€.")
  })
})

describe("maxAi chat: links under an answer", () => {
  const [officiel] = shopsContent.items
  const reply = (links: unknown) => fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Nous avons déjà vendu 1 pull.", links })))

  it("shows the answer's links as real links under its text, which stays plain text", async () => {
    reply([
      { label: "Voir les articles vendus", href: "#galerie" },
      { label: "maxAi Officiel sur Vinted", href: officiel!.url },
    ])
    const user = setup()
    await openChat(user)
    await ask(user, "pull tommy")
    const text = await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(text.tagName).toBe("P")
    const gallery = within(conversation()).getByRole("link", { name: "Voir les articles vendus" })
    expect(gallery).toHaveAttribute("href", "#galerie")
    expect(gallery).not.toHaveAttribute("target")
    const shop = within(conversation()).getByRole("link", { name: "maxAi Officiel sur Vinted" })
    expect(shop).toHaveAttribute("href", officiel!.url)
    expect(shop).toHaveAttribute("target", "_blank")
    expect(shop).toHaveAttribute("rel", "noopener noreferrer")
  })

  it("drops any link that is not one of the three sections or a shop, and any malformed one", async () => {
    reply([
      { label: "Piège", href: "javascript:alert(1)" },
      { label: "Ailleurs", href: "https://exemple.fr" },
      { label: "Moteur", href: "#moteur" },
      { label: "", href: "#rachat" },
      { href: "#rachat" },
      "#rachat",
      { label: "Demander une estimation", href: "#rachat" },
    ])
    const user = setup()
    await openChat(user)
    await ask(user, "test")
    await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(
      within(conversation())
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["#rachat"])
  })

  it("ignores links that are not a list, and shows no list for an answer without links", async () => {
    reply("#galerie")
    const user = setup()
    await openChat(user)
    await ask(user, "test")
    await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(within(conversation()).queryByRole("link")).not.toBeInTheDocument()
    expect(within(conversation()).queryByRole("list")).not.toBeInTheDocument()
  })

  it("steps aside when a section link is followed: the chat is minimised, the conversation kept", async () => {
    reply([{ label: "Demander une estimation", href: "#rachat" }])
    const user = setup()
    const dialog = await openChat(user)
    await ask(user, "vendre")
    await user.click(await within(conversation()).findByRole("link", { name: "Demander une estimation" }))
    expect(window.location.hash).toBe("#rachat")
    expect(screen.queryByRole("log")).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Agrandir le chat" }))
    expect(within(conversation()).getByText("Nous avons déjà vendu 1 pull.")).toBeInTheDocument()
  })

  it("leads section links back to the home page on other pages", async () => {
    reply([{ label: "Voir les articles vendus", href: "#galerie" }])
    const user = setup({ linkBase: "/" })
    await openChat(user)
    await ask(user, "test")
    expect(await within(conversation()).findByRole("link", { name: "Voir les articles vendus" })).toHaveAttribute("href", "/#galerie")
  })
})

describe("maxAi chat: hand-off to the estimate form", () => {
  it("a selling answer carries « Faire estimer un article »: it minimises the chat, brings the form into view and focuses its email", async () => {
    const section = document.createElement("section")
    section.id = "rachat"
    section.innerHTML = '<input name="email" type="email" aria-label="Votre email">'
    // jsdom lays nothing out: the scroller aims at 0 and is "there" at once.
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined)
    document.body.append(section)
    try {
      fetchMock.mockResolvedValueOnce(
        serverReply(
          200,
          JSON.stringify({
            bot_response: "Remplissez le formulaire.",
            actions: [
              { type: "estimate", label: "Faire estimer un article" },
              { type: "inconnu", label: "?" },
            ],
          }),
        ),
      )
      const user = setup()
      const dialog = await openChat(user)
      await ask(user, "je veux vendre")
      const action = await within(conversation()).findByRole("button", { name: "Faire estimer un article" })
      // Unknown action types are ignored.
      expect(within(conversation()).getAllByRole("button")).toHaveLength(1)
      await user.click(action)
      expect(dialog).toHaveAttribute("data-minimised", "true")
      expect(scrollTo).toHaveBeenCalled()
      expect(window.location.hash).toBe("#rachat")
      await waitFor(() => expect(section.querySelector("input")).toHaveFocus())
    } finally {
      window.dispatchEvent(new KeyboardEvent("keydown"))
      scrollTo.mockRestore()
      window.history.replaceState(null, "", "/")
      section.remove()
    }
  })

  it("a backend that sends only bot_response shows the answer without any button", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Remplissez le formulaire." })))
    const user = setup()
    await openChat(user)
    await ask(user, "je veux vendre")
    await within(conversation()).findByText("Remplissez le formulaire.")
    expect(within(conversation()).queryByRole("button")).not.toBeInTheDocument()
  })
})
