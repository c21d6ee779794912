/**
 * The body readers' refusals (express.urlencoded, express.json: body-parser) as the visitor or
 * the owner reads them: a body over the route's limit is 413, one with too many fields, malformed
 * or in an unknown charset 400, each with one French sentence. A client's mistake, never the
 * server's: answered without a 500 and logged without a stack trace (issue 49: the login page and
 * the questions' forms answered 500 to a 5 KB form).
 */
export type RefusedBody = { status: 413 | 400; error: string; message: string }

export function refusedBody(error: unknown): RefusedBody | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode
  const type = (error as { type?: unknown } | null)?.type
  // body-parser's errors carry a `type` ("entity.too.large", "parameters.too.many"…); other 4xx are not bodies.
  if (typeof status !== "number" || status < 400 || status >= 500 || typeof type !== "string") return null
  // Too many fields comes as a 413 from body-parser, but no form of ours has that many: a forged one, unreadable.
  if (status === 413 && type !== "parameters.too.many")
    return { status: 413, error: "payload_too_large", message: "Envoi trop long : raccourcissez le texte et recommencez." }
  return { status: 400, error: "invalid_form", message: "Formulaire illisible : rechargez la page et recommencez." }
}
