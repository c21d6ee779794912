/**
 * How content problems reach people: the same French lines in the terminal (build, develop,
 * check:content) and, during `gatsby develop`, as the page the browser shows instead of the site.
 */

/** `Contenu invalide (2 problème(s)) :` then one indented entry per problem. */
export function problemsText(problems: ReadonlyArray<string>): string {
  return [`Contenu invalide (${problems.length} problème(s)) :`, ...problems.map((line) => `  - ${line.replace(/\n/g, "\n    ")}`)].join("\n")
}

/** What the studio shows when a save is refused (the site's own server and the browser's check before a commit). */
export function refusalText(problems: ReadonlyArray<string>): string {
  return `Le site refuserait ce contenu ; rien n'a été enregistré :\n${problems.map((line) => `• ${line}`).join("\n")}`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The page develop serves while content is invalid. It asks `statusPath` every second and
 * reloads itself once the files are fixed, so the editor just saves and looks.
 */
export function problemsPage(problems: ReadonlyArray<string>, statusPath: string): string {
  const items = problems.map((line) => `<li><pre>${escapeHtml(line)}</pre></li>`).join("")
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Contenu à corriger</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;background:#fff7f7;color:#3b0a0a}
h1{font-size:1.4rem;margin:0 0 .5rem}ul{padding:0;list-style:none}li{background:#fff;border:1px solid #f0b4b4;border-left:6px solid #c0262d;border-radius:8px;margin:.75rem 0;padding:.75rem 1rem;overflow-x:auto}
pre{margin:0;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;white-space:pre}p{max-width:60rem}
</style></head><body><main><h1>Le contenu du site contient ${problems.length} erreur(s)</h1>
<p>Corrigez chaque point ci-dessous (fichier, position, problème) puis enregistrez : cette page se recharge d'elle-même quand tout est correct.</p>
<ul>${items}</ul></main><script>
setInterval(function(){fetch(${JSON.stringify(statusPath)},{cache:"no-store"}).then(function(r){return r.json()}).then(function(s){if(s.valid)location.reload()}).catch(function(){})},1000)
</script></body></html>`
}
