/**
 * The checklist's one stylesheet, served as a file (`mise-en-ligne.css`: the page's policy allows
 * styles from this site only). The inbox's look, written small for this one page: the site's two
 * palettes (src/styles/tokens/palette.ts) chosen by the device's light/dark setting, sizes from
 * the type scale, every link and button 44 px high, nothing wider than a 320 px screen. A point's
 * state is said in words (« Fait », « À faire », « À vérifier »), the colour only repeats it.
 */
import { breakpoints, minWidth, prefers } from "../../styles/tokens/breakpoints"
import { darkPalette, lightPalette } from "../../styles/tokens/palette"
import { fontSize } from "../../styles/tokens/type-scale"

const variables = (palette: Readonly<Record<string, string>>) =>
  Object.entries(palette)
    .map(([role, colour]) => `--${role}:${colour}`)
    .join(";")

export const GOLIVE_CSS = `
:root{${variables(lightPalette)};color-scheme:light;--page:760px}
@media ${prefers.dark}{:root{${variables(darkPalette)};color-scheme:dark}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bgAlt);color:var(--text);font:${fontSize[100]}/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
ul,ol{list-style:none;margin:0;padding:0}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1{font-size:${fontSize[150]};line-height:1.2;margin:0 0 4px}
h2{font-size:${fontSize[115]};line-height:1.3;margin:0}
.bar{display:flex;align-items:center;justify-content:space-between;gap:4px;padding:4px max(4px,calc((100% - var(--page)) / 2 + 16px));background:var(--surface);border-bottom:1px solid var(--border);position:sticky;top:0;z-index:1;flex-wrap:wrap;white-space:nowrap}
.bar nav{display:flex;align-items:center;gap:2px}
.bar a,.bar button{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;border-radius:8px;color:var(--text);font:inherit;font-weight:600;text-decoration:none;background:none;border:0;cursor:pointer}
.bar a:hover,.bar button:hover{background:var(--surfaceMuted)}
.bar .bar-title{color:var(--primary)}
.bar form{margin:0}
main{max-width:var(--page);margin:0 auto;padding:16px 12px 48px}
.lead{margin:0 0 16px;color:var(--textMuted)}
.checks{display:grid;gap:12px}
.check{background:var(--surface);border:1px solid var(--border);border-left:6px solid var(--tone);border-radius:14px;padding:14px}
.tone-done{--tone:var(--success)}
.tone-todo{--tone:var(--danger)}
.tone-check{--tone:var(--star)}
.check-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:4px 12px}
.state{display:inline-block;padding:2px 10px;border-radius:999px;font-size:${fontSize[87.5]};font-weight:700;color:var(--tone);border:1px solid var(--tone)}
.tone-done .state{background:var(--successSoft);border-color:transparent}
.check p{margin:6px 0 0}
.steps{display:grid;gap:8px;margin-top:10px}
.steps li{padding:8px 10px;border-radius:8px;background:var(--surfaceMuted)}
.steps a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
.fields{display:grid;margin-top:2px}
.fields li{padding:0;border-bottom:1px solid var(--border)}
.fields li:last-child{border-bottom:0}
.fields a{display:flex;font-weight:400}
code{display:block;margin-top:4px;padding:6px 8px;border-radius:6px;background:var(--bg);font-size:${fontSize[90]};white-space:pre-wrap;word-break:break-all}
@media ${minWidth(breakpoints.md)}{
main{padding:24px 24px 64px}
}
`
