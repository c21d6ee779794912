import { screen, within } from "@testing-library/react"
import { FILES } from "./helpers/photos"
import { setup } from "./helpers/estimate-form"
import { formProblems, statusLine } from "../src/sections/Buyback/EstimateForm/messages"
import { frenchTypography } from "../src/lib/typography"

const line = (email: string, emailChecked: boolean, photoCount: number) => statusLine(formProblems({ email, emailChecked, photoCounts: [photoCount] }))

describe("estimate form: the status line names every problem", () => {
  it("lists what is missing in one sentence and what is wrong before it, in field order", () => {
    expect(line("", false, 0)).toBe("Il manque votre email et au moins une photo.")
    expect(line("  ", true, 2)).toBe("Il manque votre email.")
    expect(line("vous@exemple.fr", true, 0)).toBe("Il manque au moins une photo.")
    expect(line("vous@exemple", true, 0)).toBe("Votre adresse email n'est pas valide. Il manque au moins une photo.")
    expect(line("vous@exemple", true, 1)).toBe("Votre adresse email n'est pas valide.")
    expect(line("vous@exemple.fr", true, 1)).toBe("")
  })

  it("judges the address only once the visitor has left the field, as the field's own message does", () => {
    expect(line("vous@exemple", false, 0)).toBe("Il manque au moins une photo.")
    expect(formProblems({ email: "vous@exemple", emailChecked: false, photoCounts: [1] })).toEqual({ wrong: [], missing: [], garmentsWithoutPhoto: [] })
  })

  it("in the form: an invalid address and no photo are both named, in the form's one polite live region", async () => {
    const { user, email, upload, submit, form } = setup()
    const status = within(form).getByRole("status")
    expect(within(form).getAllByRole("status")).toHaveLength(1)
    // Besides it, only the photo count and the indicative range speak up: no problem is named elsewhere.
    expect(form.querySelectorAll("[aria-live]")).toHaveLength(2)
    await user.type(email, "vous@exemple")
    await user.tab()
    const both = frenchTypography("Votre adresse email n'est pas valide. Il manque au moins une photo.")
    expect(status).toHaveTextContent(both)
    expect(submit()).toBeDisabled()
    expect(submit()).toHaveAccessibleDescription(both)

    await upload(FILES.png())
    expect(status).toHaveTextContent(frenchTypography("Votre adresse email n'est pas valide."))
    // The spec disables the button only while something is missing; sending then stops on the address.
    expect(submit()).toBeEnabled()

    await user.clear(email)
    await user.type(email, "vous@exemple.fr")
    expect(status).toBeEmptyDOMElement()
    expect(submit()).toHaveAccessibleDescription("")
    expect(screen.queryByText(/Il manque/)).not.toBeInTheDocument()
  })
})
