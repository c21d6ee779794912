import "./helpers/text-encoder"
import React, { useEffect, useState } from "react"
import { renderToString } from "react-dom/server"
import { hydrateRoot, type Root } from "react-dom/client"
import { hydratePage } from "../src/hydration/hydrate-page"
import { act, render, screen, waitFor } from "@testing-library/react"
import { HYDRATE_MARGIN, LazyHydrate } from "../src/hydration"
import { ControlledObserver, installControlledObserver, observerOf } from "./helpers/intersection-observer"

/** A section that shows whether it has hydrated and counts clicks (only a hydrated button counts). */
function Counter() {
  const [hydrated, setHydrated] = useState(false)
  const [clicks, setClicks] = useState(0)
  useEffect(() => setHydrated(true), [])
  return (
    <section data-hydrated={hydrated}>
      <h2>Section plus bas</h2>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Cliqué {clicks} fois
      </button>
    </section>
  )
}

let id = 0
let container: HTMLDivElement
let root: Root | undefined

/** The page as the server sent it, then hydrated like gatsby-browser does (hydratePage). */
function hydrateServerHtml(sectionId: string, content: React.ReactNode = <Counter />) {
  const page = (
    <main>
      <LazyHydrate id={sectionId}>{content}</LazyHydrate>
    </main>
  )
  container.innerHTML = renderToString(page)
  act(() => {
    root = hydratePage(page, container)
  })
}

/** A file field that names the files it was given (only once hydrated). */
function FilePicker() {
  const [names, setNames] = useState("aucun fichier")
  return (
    <section>
      <input type="file" aria-label="Photos" onChange={(event) => setNames(Array.from(event.target.files ?? [], (file) => file.name).join(", "))} />
      <p>{names}</p>
    </section>
  )
}

const section = () => container.querySelector("section") as HTMLElement

installControlledObserver()
beforeEach(() => {
  id += 1
  container = document.createElement("div")
  document.body.appendChild(container)
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  container.remove()
})

describe("LazyHydrate", () => {
  it("keeps the server HTML, untouched and visible, until the section comes near the viewport", async () => {
    hydrateServerHtml(`hydrate-test-${id}`)
    expect(section()).toHaveAttribute("data-hydrated", "false")
    expect(section()).toHaveTextContent("Section plus bas")
    const observer = observerOf(section())
    expect(observer?.options.rootMargin).toBe(HYDRATE_MARGIN)

    act(() => observer?.report(false))
    await act(async () => undefined)
    expect(section()).toHaveAttribute("data-hydrated", "false")

    await act(async () => observer?.report(true))
    await waitFor(() => expect(section()).toHaveAttribute("data-hydrated", "true"))
    // The same DOM node: hydrated in place, not re-created.
    expect(container.querySelectorAll("section")).toHaveLength(1)
  })

  it("does not lose a click that reaches the section before it hydrates", async () => {
    hydrateServerHtml(`hydrate-test-${id}`)
    const button = container.querySelector("button") as HTMLButtonElement
    await act(async () => undefined)
    expect(section()).toHaveAttribute("data-hydrated", "false")
    await act(async () => {
      button.dispatchEvent(new MouseEvent("click", { bubbles: true }))
    })
    await waitFor(() => expect(button).toHaveTextContent("Cliqué 1 fois"))
  })

  it("does not lose files chosen or dropped into the section before it hydrates", async () => {
    hydrateServerHtml(`hydrate-test-${id}`, <FilePicker />)
    await act(async () => undefined)
    const input = container.querySelector("input") as HTMLInputElement
    const files = [new File(["x"], "polo.jpg", { type: "image/jpeg" })]
    Object.defineProperty(input, "files", { value: files })
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }))
    })
    await waitFor(() => expect(section()).toHaveTextContent("polo.jpg"))
  })

  it("hydrates when keyboard focus moves into the section", async () => {
    hydrateServerHtml(`hydrate-test-${id}`)
    await act(async () => undefined)
    expect(section()).toHaveAttribute("data-hydrated", "false")
    await act(async () => (container.querySelector("button") as HTMLButtonElement).focus())
    await waitFor(() => expect(section()).toHaveAttribute("data-hydrated", "true"))
  })

  it("when a context above changes first, the section is rendered afresh, never left blank", async () => {
    const Location = React.createContext("/")
    let navigate: (path: string) => void = () => undefined
    function Router({ children }: { children: React.ReactNode }) {
      const [path, setPath] = useState("/")
      navigate = setPath
      return <Location.Provider value={path}>{children}</Location.Provider>
    }
    const section = (
      <LazyHydrate id={`hydrate-test-${id}`}>
        <Counter />
      </LazyHydrate>
    )
    const page = <Router>{section}</Router>
    container.innerHTML = renderToString(page)
    const recoverable: unknown[] = []
    act(() => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) })
    })
    await act(async () => navigate("/#boutiques"))
    await waitFor(() => expect(container.querySelector("section")).toHaveAttribute("data-hydrated", "true"))
    expect(container.querySelector("section")).toHaveTextContent("Section plus bas")
    expect(container.querySelector("section")).toBeVisible()
    expect(String(recoverable[0])).toMatch(/received an update before it finished hydrating/)
  })

  it("renders at once when there is no server HTML (rendered in the browser)", async () => {
    render(
      <LazyHydrate id={`hydrate-test-${id}`}>
        <Counter />
      </LazyHydrate>,
    )
    expect(screen.getByText("Section plus bas")).toBeVisible()
    await waitFor(() => expect(screen.getByText("Section plus bas").closest("section")).toHaveAttribute("data-hydrated", "true"))
    expect(ControlledObserver.instances).toHaveLength(0)
  })
})
