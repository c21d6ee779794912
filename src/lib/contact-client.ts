/**
 * The chat's contact for the team: "Mes infos" with an email and the conversation so far, sent
 * once per conversation to POST /api/contact (src/server/contact/receive.ts).
 */
export type ContactLine = { from: "bot" | "user"; text: string; at: string }

export async function sendChatContact(contact: { name: string; email: string; conversation: ContactLine[] }): Promise<boolean> {
  const base = process.env.GATSBY_LEADS_API_URL?.trim() ?? ""
  try {
    const response = await fetch(`${base.replace(/\/+$/, "")}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(contact),
      signal: AbortSignal.timeout?.(15_000),
    })
    return response.status === 201
  } catch {
    return false
  }
}
