/** GET /api/challenge → a signed ALTCHA challenge (JSON, never cached) for the estimate form and the chat's contact. */
import { allowedMethod, jsonResponse, methodNotAllowed, NO_STORE, type ApiResponse } from "../http/responses"
import type { ProofOfWork } from "./guard"

export async function handleChallenge(method: string | undefined, guard: ProofOfWork): Promise<ApiResponse> {
  if (!allowedMethod(method, ["GET"])) return methodNotAllowed(["GET"], NO_STORE)
  return jsonResponse(200, await guard.challenge(), NO_STORE)
}
