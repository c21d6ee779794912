/**
 * The anti-spam proof-of-work, as the browser (src/lib/proof-of-work.ts) and the server
 * (src/server/proof-of-work/) both read it. ALTCHA v2: the browser gets a signed challenge from
 * `challengePath`, solves it, and sends `base64(JSON { challenge, solution })` (the ALTCHA
 * widget's own payload) in the field `field`: a multipart field of POST /api/estimate, a key of
 * POST /api/contact's JSON. The server accepts each solved challenge once, before it expires.
 */
export const PROOF_OF_WORK = { challengePath: "/api/challenge", field: "altcha" } as const
