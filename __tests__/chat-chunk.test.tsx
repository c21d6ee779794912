import React from "react"
import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import chatContent from "../content/chat.json"
import { ChatLauncher } from "../src/components/Chat"

// The window's chunk fails to download the first time (offline, or a new deploy removed it).
let mockChunkFails = true
jest.mock("../src/components/Chat/ChatWindow", () => {
  if (mockChunkFails) throw new Error("ChunkLoadError")
  return jest.requireActual("../src/components/Chat/ChatWindow")
})

it("survives a chat chunk that fails to load: the button comes back, focused, and the next click retries", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  const error = jest.spyOn(console, "error").mockImplementation(() => undefined)
  const user = userEvent.setup()
  render(
    <main>
      <h1>Page</h1>
      <ChatLauncher
        content={{
          greeting: chatContent.greeting,
          suggestions: null,
          disclaimer: chatContent.disclaimer,
          infoSaved: chatContent.infoSaved,
          privacyNotice: chatContent.privacyNotice,
        }}
      />
    </main>,
  )
  await user.click(screen.getByRole("button", { name: "Chat avec maxAi" }))
  expect(await screen.findByRole("button", { name: "Chat avec maxAi" })).toHaveFocus()
  expect(screen.getByRole("heading", { name: "Page" })).toBeInTheDocument()
  expect(warn).toHaveBeenCalledWith("Le chat n'a pas pu être chargé.", expect.any(Error))

  mockChunkFails = false
  await user.click(screen.getByRole("button", { name: "Chat avec maxAi" }))
  expect(await screen.findByRole("dialog", { name: "maxAi" })).toBeInTheDocument()
  warn.mockRestore()
  error.mockRestore()
})
