import type { ChatAction, ChatLink } from "../../contract/chat"

/** The chat copy editors own (content/chat.json), as the page query passes it. */
export type ChatContent = Queries.ChatContentFragment

export type ChatMessage = {
  id: number
  type: "bot" | "user"
  content: string
  /** Shown under the text (already filtered by readLinks in src/lib/chat-client.ts). */
  links?: readonly ChatLink[]
  timestamp: Date
  /** Buttons under a bot answer (the estimate hand-off). */
  actions?: ReadonlyArray<ChatAction>
}
