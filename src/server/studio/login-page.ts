/**
 * The studio's French login page, served at /admin/ to whoever has no session: e-mail, mot de
 * passe, « Se connecter ». The site's colours (src/styles/tokens/palette.ts) and type, no script, a
 * plain form posted to the same origin. A refusal never says which of the two was wrong.
 */
import { createHash } from "node:crypto"
import { lightPalette } from "../../styles/tokens/palette"
import { escapeHtml as escape } from "../http/html"

export const LOGIN_WORDS = {
  title: "Studio de contenu · maxAi",
  heading: "Se connecter au studio",
  email: "Adresse e-mail",
  password: "Mot de passe",
  submit: "Se connecter",
  refused: "Adresse e-mail ou mot de passe incorrect.",
  throttled: (minutes: number) => `Trop d'essais manqués : réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
  loggedOut: "Vous êtes déconnecté.",
  logout: "Se déconnecter",
} as const

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;background:linear-gradient(160deg,#eef0ff,#f7f0ff);color:${lightPalette.text};
font:16px/1.5 "Inter Variable",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;background:#fff;border:1px solid ${lightPalette.border};border-radius:22px;padding:24px;box-shadow:0 10px 30px rgba(20,22,39,.12)}
h1{font-size:1.5rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;min-height:48px;padding:10px 14px;border:1px solid #4b5064;border-radius:8px;font:inherit}
input:focus-visible,button:focus-visible{outline:3px solid ${lightPalette.primary};outline-offset:2px}
button{margin-top:24px;width:100%;min-height:48px;border:0;border-radius:999px;background:${lightPalette.primary};color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:${lightPalette.primaryHover}}
p[role=alert]{margin:0 0 8px;padding:10px 14px;border-radius:8px;background:#fde8e8;color:#b91c1c}
p[role=status]{margin:0 0 8px;color:#166534}
a{display:inline-block;padding:12px 0;color:${lightPalette.primary};font-weight:600}
`

/** The page's policy: its one inline style by hash, nothing to run, posts to this site only. */
export const LOGIN_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

/**
 * The whole page; `error` is a refusal (alert), `notice` a notice (status), `next` the owner room
 * (the inbox) to open once logged in, through `action`. Without a room the form has no action: it
 * posts back to the address it was shown at, whose #… the browser keeps through the login's
 * redirect (it has none of its own), so a link to a place in the studio (…/admin/#/collections/…)
 * still leads there once the owner has logged in; the router takes that post as a login.
 */
export function loginPage(action: string, options: { email?: string; error?: string; notice?: string; next?: string; keep?: string } = {}): string {
  const error = options.error ? `<p role="alert">${escape(options.error)}</p>` : ""
  const notice = options.notice ? `<p role="status">${escape(options.notice)}</p>` : ""
  const next = options.next ? `\n<input type="hidden" name="suite" value="${escape(options.next)}">` : ""
  // `keep`: the hidden field of a form kept through the login (./kept-form.ts).
  const keep = options.keep ? `\n${options.keep}` : ""
  const target = options.next ? ` action="${escape(action)}"` : ""
  return studioPage(
    action,
    `<h1>${LOGIN_WORDS.heading}</h1>
${error}${notice}
<form method="post"${target}>${next}${keep}
<label for="email">${LOGIN_WORDS.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escape(options.email ?? "")}">
<label for="password">${LOGIN_WORDS.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${LOGIN_WORDS.submit}</button>
</form>`,
  )
}

/** A page of the login's kind (its style, its policy: LOGIN_PAGE_CSP) around `main`; `action`: an address under the studio, for the site's icon. */
export function studioPage(action: string, main: string): string {
  // The site's icon, as the owner's other pages name it: without one the browser asks /favicon.ico, which the site does not have (a 404 on every visit).
  const icon = `${action.slice(0, action.lastIndexOf("/admin/"))}/favicon-32x32.png`
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${LOGIN_WORDS.title}</title>
<link rel="icon" href="${escape(icon)}" type="image/png">
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`
}

/** The page behind the studio's « Se déconnecter » link: one button, posted to the same origin. */
export function logoutPage(action: string): string {
  return loginPage(action).replace(
    /<h1>[\s\S]*<\/form>/,
    `<h1>${LOGIN_WORDS.logout}</h1>\n<form method="post" action="${escape(action)}"><button type="submit">${LOGIN_WORDS.logout}</button></form>`,
  )
}
