import { inPageTarget, scrollToSection, sectionInUrl } from "../src/lib/scroll-to-section"

/** A link as the page renders it, resolved against the jsdom page http://localhost/. */
function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement("a")
  anchor.setAttribute("href", href)
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value)
  return anchor
}

describe("which links are in-page links (scroll-to-section takes them over)", () => {
  it("takes a link to a section of this page, written either way", () => {
    expect(inPageTarget(link("#rachat"))).toBe("rachat")
    expect(inPageTarget(link("/#boutiques"))).toBe("boutiques")
    expect(inPageTarget(link("http://localhost/#actualites"))).toBe("actualites")
    expect(inPageTarget(link("#actualit%C3%A9s"))).toBe("actualités")
  })

  it("leaves to the browser other pages, other sites, new tabs and downloads", () => {
    expect(inPageTarget(link("/404#expertise"))).toBeNull()
    expect(inPageTarget(link("/?q=1#expertise"))).toBeNull()
    expect(inPageTarget(link("https://www.vinted.fr/member/1#top"))).toBeNull()
    expect(inPageTarget(link("#rachat", { target: "_blank" }))).toBeNull()
    expect(inPageTarget(link("#rachat", { download: "" }))).toBeNull()
    expect(inPageTarget(link("/"))).toBeNull()
  })
})

describe("scrollToSection and the address", () => {
  // jsdom lays nothing out: every element is at 0, so the window is "there" at once.
  beforeEach(() => jest.spyOn(window, "scrollTo").mockImplementation(() => undefined))
  afterEach(() => {
    jest.restoreAllMocks()
    document.body.innerHTML = ""
    window.history.replaceState(null, "", "/")
  })

  it("answers false, and changes nothing, for a section the page does not have", async () => {
    await expect(scrollToSection("nulle-part")).resolves.toBe(false)
    expect(window.location.hash).toBe("")
    expect(document.documentElement.hasAttribute("data-sections-rendered")).toBe(false)
  })

  it("names the section in the address, lays out every deferred section first, then focuses the section", async () => {
    document.body.innerHTML = `<section id="rachat"><h2 id="rachat-title">Rachat</h2></section>`
    const entries = window.history.length
    const landing = scrollToSection("rachat")
    expect(window.location.hash).toBe("#rachat")
    expect(window.history.length).toBe(entries + 1)
    expect(document.documentElement.hasAttribute("data-sections-rendered")).toBe(true)
    expect(sectionInUrl()).toBe("rachat")
    // Focus is there before the scroll lands: a Tab pressed meanwhile goes on from the section.
    expect(document.activeElement).toBe(document.getElementById("rachat"))
    await expect(landing).resolves.toBe(true)
    expect(document.activeElement).toBe(document.getElementById("rachat"))
    expect(document.getElementById("rachat")?.getAttribute("tabindex")).toBe("-1")
    // The visitor's next key ends the hold.
    window.dispatchEvent(new KeyboardEvent("keydown"))
  })

  it("focuses the element asked for (a form field for a hand-off) and replaces the entry when told to", async () => {
    document.body.innerHTML = `<section id="rachat"><h2>Rachat</h2><input id="email" /></section>`
    const entries = window.history.length
    await expect(scrollToSection("rachat", { focus: "email", history: "replace" })).resolves.toBe(true)
    expect(window.history.length).toBe(entries)
    expect(window.location.hash).toBe("#rachat")
    expect(document.activeElement?.id).toBe("email")
    window.dispatchEvent(new KeyboardEvent("keydown"))
  })

  it("knows no section from an address without one, or naming none of the page's", () => {
    expect(sectionInUrl()).toBeNull()
    window.history.replaceState(null, "", "/#ailleurs")
    expect(sectionInUrl()).toBeNull()
  })
})
