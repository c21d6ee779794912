/**
 * Several garments in one estimate request (issue 46), as a visitor uses the form: « Ajouter un
 * article » adds a block named « Article N » and moves focus into it, up to 10; each block has its
 * own indicative range and photos (4 each), the form adds up the ranges; « Retirer cet article »
 * removes a block, the others renumbered, focus kept in the list; the status line names the
 * garment without a photo; the request carries each garment under its index; one block alone
 * looks like the one-garment form.
 */
import { act, fireEvent, screen, within } from "@testing-library/react"
import { buybackRange, rangeText } from "../src/contract/buyback-range"
import { FILES, settleFileReads } from "./helpers/photos"
import { FakeXhr } from "./helpers/xhr"
import { choices, form, setup } from "./helpers/estimate-form"
import { frenchTypography } from "../src/lib/typography"

// Up to ten blocks of selects, a textarea and a photo zone, queried by role: slow in jsdom on a busy machine.
jest.setTimeout(20_000)

const article = (number: number) => screen.getByRole("group", { name: `Article ${number}` })
const blocks = () => screen.queryAllByRole("group", { name: /^Article \d+$/ })
const addButton = () => screen.getByRole("button", { name: "Ajouter un article" })
const removeButtons = () => screen.queryAllByRole("button", { name: "Retirer cet article" })
const combo = (block: HTMLElement, label: string) => within(block).getByRole("combobox", { name: label }) as HTMLSelectElement
const range = (brand: string, category: string) => buybackRange(choices.grid, { brand, category })!

describe("estimate form: several garments", () => {
  it("one block looks like the one-garment form; « Ajouter un article » adds « Article 2 » and moves focus into it", async () => {
    const { user } = setup()
    expect(blocks()).toHaveLength(1)
    expect(removeButtons()).toHaveLength(0)
    await user.click(addButton())
    expect(blocks()).toHaveLength(2)
    expect(combo(article(2), form.brandLabel)).toHaveFocus()
    // Each block now has its title and its own « Retirer cet article », described by the title.
    expect(within(article(1)).getByRole("heading", { name: "Article 1" })).toBeVisible()
    expect(within(article(2)).getByRole("button", { name: "Retirer cet article" })).toHaveAccessibleDescription("Article 2")
    expect(removeButtons()).toHaveLength(2)
  })

  it("each block shows its own range and the form the total; a garment without one is said not counted", async () => {
    const { user } = setup()
    await user.click(addButton())
    await user.click(addButton())
    await user.selectOptions(combo(article(1), form.brandLabel), "Lacoste")
    await user.selectOptions(combo(article(1), form.categoryLabel), "Polo")
    await user.selectOptions(combo(article(2), form.brandLabel), "Ralph Lauren")
    await user.selectOptions(combo(article(2), form.categoryLabel), "Pull")
    await user.selectOptions(combo(article(3), form.brandLabel), form.otherBrand)
    const polo = range("Lacoste", "Polo")
    const pull = range("Ralph Lauren", "Pull")
    expect(within(article(1)).getByText(new RegExp(`^${form.rangeLabel}`)).textContent).toBe(`${form.rangeLabel} ${rangeText(polo)}`)
    expect(within(article(2)).getByText(new RegExp(`^${form.rangeLabel}`)).textContent).toBe(`${form.rangeLabel} ${rangeText(pull)}`)
    expect(within(article(3)).getByText(form.noRange)).toBeInTheDocument()
    const total = { low: polo.low + pull.low, high: polo.high + pull.high }
    expect(screen.getByText(/^Total indicatif/).textContent).toBe(`${frenchTypography("Total indicatif :")} ${rangeText(total)}`)
    expect(screen.getByText("1 article sans estimation n'est pas compté.")).toBeInTheDocument()
  })

  it("« Retirer cet article » removes that block, renumbers the others and keeps focus in the list", async () => {
    const { user } = setup()
    await user.click(addButton())
    await user.click(addButton())
    await user.type(within(article(3)).getByRole("textbox", { name: form.descriptionLabel }), "Chemise")
    await user.click(within(article(2)).getByRole("button", { name: "Retirer cet article" }))
    expect(blocks()).toHaveLength(2)
    // The third garment is now « Article 2 », with what was typed, and has the focus.
    expect(within(article(2)).getByRole("textbox", { name: form.descriptionLabel })).toHaveValue("Chemise")
    expect(combo(article(2), form.brandLabel)).toHaveFocus()
    // The last block removed: focus goes to the one before; alone, it loses its button.
    await user.click(within(article(2)).getByRole("button", { name: "Retirer cet article" }))
    expect(blocks()).toHaveLength(1)
    expect(combo(article(1), form.brandLabel)).toHaveFocus()
    expect(removeButtons()).toHaveLength(0)
  })

  it("stops at 10 garments and says so", async () => {
    const { user } = setup()
    // The limit is what is tested here, not the pointer: plain clicks.
    for (let count = 1; count < 10; count += 1) fireEvent.click(addButton())
    expect(blocks()).toHaveLength(10)
    expect(addButton()).toBeDisabled()
    expect(screen.getByText("10 articles au maximum par demande : envoyez les autres dans une deuxième demande.")).toBeInTheDocument()
    await user.click(removeButtons()[0]!)
    expect(addButton()).toBeEnabled()
  })

  it("each block takes its own 4 photos; the status line names the garment without a photo and the button waits for it", async () => {
    const { user, email, submit, form: formElement } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.click(addButton())
    const upload = async (number: number, ...files: File[]) => {
      await user.upload(within(article(number)).getByLabelText(form.photosLabel), files)
      await settleFileReads()
    }
    await upload(1, FILES.png("1.png"), FILES.png("2.png"), FILES.png("3.png"), FILES.png("4.png"))
    const status = within(formElement).getByRole("status")
    // toHaveTextContent reads every space, the no-break one too, as an ordinary space.
    expect(status).toHaveTextContent("Article 2 : ajoutez au moins une photo.")
    expect(submit()).toBeDisabled()
    await upload(2, FILES.jpeg("a.jpg"), FILES.jpeg("b.jpg"), FILES.jpeg("c.jpg"), FILES.jpeg("d.jpg"))
    expect(within(article(1)).getByText("4 photos sur 4")).toBeInTheDocument()
    expect(within(article(2)).getByText("4 photos sur 4")).toBeInTheDocument()
    expect(status).toBeEmptyDOMElement()
    expect(submit()).toBeEnabled()
  })

  it("sends each garment's choices, description and photos under its index, then gives way to the confirmation; the next form has one block", async () => {
    const { user, email, submit } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.click(addButton())
    await user.selectOptions(combo(article(1), form.brandLabel), "Lacoste")
    await user.type(within(article(2)).getByRole("textbox", { name: form.descriptionLabel }), "Pull marine")
    await user.upload(within(article(1)).getByLabelText(form.photosLabel), [FILES.png("polo.png")])
    await user.upload(within(article(2)).getByLabelText(form.photosLabel), [FILES.jpeg("pull-1.jpg"), FILES.jpeg("pull-2.jpg")])
    await settleFileReads()
    await user.click(submit())
    const body = FakeXhr.requests[FakeXhr.requests.length - 1]!.body!
    expect(body.get("garments[0][brand]")).toBe("Lacoste")
    expect(body.get("garments[1][description]")).toBe("Pull marine")
    expect(body.getAll("photos[0]").map((file) => (file as File).name)).toEqual(["polo.png"])
    expect(body.getAll("photos[1]").map((file) => (file as File).name)).toEqual(["pull-1.jpg", "pull-2.jpg"])
    await act(async () => FakeXhr.requests[FakeXhr.requests.length - 1]!.respond(201, { id: "20261128-1030-K7Q2MX" }))
    await user.click(screen.getByRole("button", { name: "Faire une autre demande" }))
    expect(blocks()).toHaveLength(1)
    expect(screen.queryAllByRole("img", { name: /^Photo \d/ })).toHaveLength(0)
  })
})
