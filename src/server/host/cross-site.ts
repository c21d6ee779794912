/**
 * The API's answer to a post made by a page of another site (issue 25): 403 in French, the rule
 * itself is src/server/http/same-origin.ts (the one the owner's pages use too).
 */
import type { Request } from "express"
import { errorResponse, type ApiResponse } from "../http/responses"
import { changeFromAnotherSite } from "../http/same-origin"

export function crossSiteRefusal(req: Request): ApiResponse | null {
  if (!changeFromAnotherSite(req)) return null
  return errorResponse(403, "cross_site", "Cette demande vient d'un autre site : envoyez-la depuis le formulaire de notre site.")
}
