/**
 * The checklist's own stylesheet, served as a file (`mise-en-ligne.css`: the page's policy allows
 * styles from this site only), after the inbox's (the frame of every owner room: the palettes, the
 * header, the page's width, the titles). Only the checklist's points here, sizes from the type
 * scale, every link 44 px high, nothing wider than a 320 px screen. A point's state is said in
 * words (« Fait », « À faire », « À vérifier »), the colour only repeats it.
 */
import { fontSize } from "../../styles/tokens/type-scale"

export const GOLIVE_CSS = `
main{max-width:calc(760px + 48px)}
.lead{margin:4px 0 16px;color:var(--textMuted)}
.checks{display:grid;gap:12px}
.check{background:var(--surface);border:1px solid var(--border);border-left:6px solid var(--tone);border-radius:14px;padding:14px}
.tone-done{--tone:var(--success)}
.tone-todo{--tone:var(--danger)}
.tone-check{--tone:var(--star)}
.check-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:4px 12px}
.check-head h2{margin:0;line-height:1.3}
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
`
