/**
 * The estimate form's optional brand, category and condition (issue #28): the indicative range
 * shows as soon as brand and category are chosen, updates with the condition, is never given
 * for a brand the shop does not buy, and the choices travel with the request.
 */
import { screen } from "@testing-library/react"
import { buybackRange, rangeText } from "../src/contract/buyback-range"
import { FILES } from "./helpers/photos"
import { FakeXhr } from "./helpers/xhr"
import { choices, form, setup } from "./helpers/estimate-form"

const select = (label: string) => screen.getByRole("combobox", { name: label }) as HTMLSelectElement
const rangeLine = () => screen.queryByText(new RegExp(`^${form.rangeLabel}`))

describe("estimate form: the indicative range", () => {
  it("offers the content's brands (and « Autre marque »), categories and conditions, all optional", () => {
    setup()
    const values = (label: string) => [...select(label).options].map((option) => option.text)
    expect(values(form.brandLabel)).toEqual([form.choose, ...choices.brands, form.otherBrand])
    expect(values(form.categoryLabel)).toEqual([form.choose, ...choices.categories])
    expect(values(form.conditionLabel)).toEqual([form.choose, ...choices.grid.conditions.map((entry) => entry.condition)])
    expect(rangeLine()).toBeNull()
  })

  it("shows the range once brand and category are chosen and updates it with the condition", async () => {
    const { user } = setup()
    await user.selectOptions(select(form.brandLabel), "Lacoste")
    expect(rangeLine()).toBeNull()
    await user.selectOptions(select(form.categoryLabel), "Polo")
    const any = buybackRange(choices.grid, { brand: "Lacoste", category: "Polo" })!
    expect(rangeLine()?.textContent).toBe(`${form.rangeLabel} ${rangeText(any)}`)
    expect(rangeLine()?.textContent).toBe("Estimation indicative : 11 à 22\u00a0€")
    expect(screen.getByText(form.rangeNote)).toBeInTheDocument()
    await user.selectOptions(select(form.conditionLabel), "Bon état")
    const good = buybackRange(choices.grid, { brand: "Lacoste", category: "Polo", condition: "Bon état" })!
    expect(rangeText(good)).not.toBe(rangeText(any))
    expect(rangeLine()?.textContent).toBe(`${form.rangeLabel} ${rangeText(good)}`)
  })

  it("gives no range for a brand the shop does not buy, and says so", async () => {
    const { user } = setup()
    await user.selectOptions(select(form.categoryLabel), "Polo")
    await user.selectOptions(select(form.brandLabel), form.otherBrand)
    expect(rangeLine()).toBeNull()
    expect(screen.getByText(form.noRange)).toBeInTheDocument()
  })

  it("sends the chosen brand, category and condition with the request", async () => {
    const { user, email, upload, submit } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.selectOptions(select(form.brandLabel), "Ralph Lauren")
    await user.selectOptions(select(form.categoryLabel), "Pull")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    const body = FakeXhr.requests[FakeXhr.requests.length - 1]!.body!
    expect([body.get("garments[0][brand]"), body.get("garments[0][category]"), body.get("garments[0][condition]")]).toEqual(["Ralph Lauren", "Pull", null])
  })
})
