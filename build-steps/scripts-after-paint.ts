/**
 * Gatsby writes its scripts as `<script src="…" async>` at the end of the body. On a fast
 * connection they arrive and run (parsing, hydration) before the browser has painted anything,
 * which pushes the first and largest paints behind all the JavaScript. This rewrites a built
 * page so the same scripts are added once the whole document is parsed and then painted (the
 * first frame can come while the HTML is still being parsed, before the largest text): one
 * inline loader in their place, still async; its timer covers background tabs, where frames
 * do not run.
 * Runs after the build (plugins/gatsby-plugin-scripts-after-paint), before the CSP hashes the
 * inline scripts (gatsby-node.ts onPostBuild runs after the plugins').
 */
const ASYNC_SCRIPT = /<script src="([^"]+\.js)" async(?:="")?><\/script>/g

export function scriptLoader(sources: ReadonlyArray<string>): string {
  return `(function(){var s=${JSON.stringify(sources)},d=0;function l(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.body.appendChild(e)})}function g(){requestAnimationFrame(function(){setTimeout(l,0)});setTimeout(l,1000)}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",g);else g()})()`
}

/** The page with its async scripts replaced by the loader; unchanged when it has none. */
export function loadScriptsAfterPaint(html: string): string {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1] ?? "")
  if (sources.length === 0) return html
  let first = true
  return html.replace(ASYNC_SCRIPT, () => {
    if (!first) return ""
    first = false
    return `<script>${scriptLoader(sources)}</script>`
  })
}
